/* Applies the colour scheme a reader chose (light, dark or the system's) before the page paints, as the
   theme's inline palette script does. */
(function () {
  "use strict";
  var palette = __md_get("__palette");
  if (!palette || !palette.color) return;
  if (palette.color.media === "(prefers-color-scheme)") {
    var light = matchMedia("(prefers-color-scheme: light)").matches;
    var input = document.querySelector("[data-md-color-media='(prefers-color-scheme: " + (light ? "light" : "dark") + ")']");
    ["media", "scheme", "primary", "accent"].forEach(function (key) {
      palette.color[key] = input.getAttribute("data-md-color-" + key);
    });
  }
  Object.keys(palette.color).forEach(function (key) {
    document.body.setAttribute("data-md-color-" + key, palette.color[key]);
  });
})();
