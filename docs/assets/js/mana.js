/* Mana symbols: `{2}{R}` text inside `.mana` and `.oracle-text` becomes Scryfall's symbol images.
   Big tables ship the short text form and upgrade here; the alt text keeps the notation, so a symbol that
   cannot load still reads as {R}. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var SYMBOL = /\{([^{}]{1,12})\}/g;
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

  C.symbolImage = symbolImage;
  C.mana = function (root) {
    var elements = (root || document).querySelectorAll(".mana:not([data-symbols]), .oracle-text:not([data-symbols])");
    for (var i = 0; i < elements.length; i++) {
      elements[i].setAttribute("data-symbols", "");
      // Server-rendered symbols (leader pages) are already images.
      if (!elements[i].querySelector("img")) upgrade(elements[i]);
    }
  };

  C.onPage(function () { C.mana(document); });
})();
