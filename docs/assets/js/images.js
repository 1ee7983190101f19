/* Card images come from Scryfall. Each sits in a `.card-frame`, a card-shaped box that shows the card's name
   (its data-name) until the image covers it. An image that cannot load (offline, blocked, an outage) is
   hidden here, so the frame stays instead of a broken-image icon. `error` does not bubble: it is caught on
   its way down, and images that failed before this script ran are found on each page. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  function framed(target) {
    return target && target.tagName === "IMG" && target.closest && target.closest(".card-frame");
  }

  document.addEventListener("error", function (event) {
    if (framed(event.target)) event.target.classList.add("failed");
  }, true);
  document.addEventListener("load", function (event) {
    if (framed(event.target)) event.target.classList.remove("failed");
  }, true);

  C.markFailedImages = function (root) {
    var images = (root || document).querySelectorAll(".card-frame img");
    for (var i = 0; i < images.length; i++) {
      var image = images[i];
      if (image.complete && image.getAttribute("src") && image.naturalWidth === 0) image.classList.add("failed");
    }
  };

  if (C.onPage) C.onPage(function () { C.markFailedImages(document); });
})();
