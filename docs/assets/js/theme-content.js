/* When the address names a content tab (#__tabbed_…), open it, as the theme's inline script does. */
(function () {
  "use strict";
  var target = document.getElementById(location.hash.slice(1));
  if (target && target.name) target.checked = target.name.indexOf("__tabbed_") === 0;
})();
