/* Mana symbols: `{2}{R}` text inside `.mana` and `.oracle-text` becomes Scryfall's symbol images.
   Big tables ship the short text form and upgrade here; the alt text keeps the notation, so a symbol that
   cannot load still reads as {R}. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var SYMBOL = /\{([0-9A-Z\/\u00bd\u221e]{1,8})\}/g; // as generator/site/markup.py: {2/W}, {HW}, never {{ x }}
  var BASE = "https://svgs.scryfall.io/card-symbols/";

  function symbolFile(symbol) {
    if (symbol === "\u00bd") return "HALF";
    if (symbol === "\u221e") return "INFINITY";
    return symbol.replace(/\//g, "").toUpperCase();
  }

  function symbolImage(symbol) {
    var img = document.createElement("img");
    img.className = "ms";
    img.src = BASE + encodeURIComponent(symbolFile(symbol)) + ".svg";
    img.alt = img.title = "{" + symbol + "}";
    img.width = img.height = 16;
    img.loading = "lazy";
    img.decoding = "async";
    return img;
  }

  // Replace the text of one element by text pieces and symbol images.
  function upgrade(element) {
    var text = element.textContent;
    if (text.indexOf("{") < 0) return;
    var fragment = document.createDocumentFragment();
    var last = 0;
    text.replace(SYMBOL, function (match, symbol, offset) {
      if (offset > last) fragment.appendChild(document.createTextNode(text.slice(last, offset)));
      fragment.appendChild(symbolImage(symbol));
      last = offset + match.length;
      return match;
    });
    if (last < text.length) fragment.appendChild(document.createTextNode(text.slice(last)));
    element.textContent = "";
    element.appendChild(fragment);
  }

  // Symbols of a few hundred elements are drawn at once; beyond that (a big pool), each table row is drawn
  // when it comes near the screen: thousands of images at once cost seconds of layout.
  var EAGER = 600;
  var watched = new WeakSet();
  var observer = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      observer.unobserve(entry.target);
      upgradeAll(entry.target.querySelectorAll(".mana:not([data-symbols]), .oracle-text:not([data-symbols])"));
    });
  }, { rootMargin: "600px 0px" }) : null;

  function upgradeAll(elements) {
    for (var i = 0; i < elements.length; i++) {
      elements[i].setAttribute("data-symbols", "");
      // Server-rendered symbols (leader pages) are already images.
      if (!elements[i].querySelector("img")) upgrade(elements[i]);
    }
  }

  C.symbolImage = symbolImage;
  C.mana = function (root) {
    var elements = (root || document).querySelectorAll(".mana:not([data-symbols]), .oracle-text:not([data-symbols])");
    if (elements.length <= EAGER || !observer) return upgradeAll(elements);
    for (var i = 0; i < elements.length; i++) {
      var row = elements[i].closest("tr") || elements[i];
      if (!watched.has(row)) {
        watched.add(row);
        observer.observe(row);
      }
    }
  };

  C.onPage(function () { C.mana(document); });
})();
