/* Mana symbols: `{2}{R}` text inside `.mana` and `.oracle-text` becomes drawn symbols ("pips", styled in
   coalition.css), the same markup generator/site/markup.py writes on leader pages. Nothing is fetched, so
   symbols show offline too; each pip's accessible name is the symbol's name in words ("red mana", symbolName:
   twin of generator/site/manawords.py), and its copied text is the notation ({R}). */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var SYMBOL = /\{([0-9A-Z\/\u00bd\u221e]{1,8})\}/g; // as generator/site/markup.py: {2/W}, {HW}, never {{ x }}
  var COLOURS = { W: "w", U: "u", B: "b", R: "r", G: "g" };
  var GLYPHS = { C: "\u25c7", T: "\u2935", Q: "\u2934", P: "\u03a6", "\u00bd": "\u00bd", "\u221e": "\u221e" };
  var CLASSES = { C: "ms-c", T: "ms-tap", Q: "ms-untap" };
  // data/cards/mana_symbols.yml, the one table of symbols' spoken names (its comment says the rules
  // symbolName follows), written here by hooks/data_into_scripts.py at every build.
  var NAMES = /* mana_symbols.yml */ null;

  function glyph(part) {
    return Object.prototype.hasOwnProperty.call(GLYPHS, part) ? GLYPHS[part] : part;
  }

  // [classes, glyph, second glyph or null]: as pip_parts in generator/site/markup.py.
  function pipParts(symbol) {
    var parts = symbol.split("/");
    var phyrexian = parts.length > 1 && parts[parts.length - 1] === "P";
    if (phyrexian) parts = parts.slice(0, -1);
    if (parts.length === 2) {
      var classes = ["ms-hy", "ms-a-" + (COLOURS[parts[0]] || "n"), "ms-b-" + (COLOURS[parts[1]] || "n")];
      if (phyrexian) return [classes.concat("ms-p"), GLYPHS.P, null];
      return [classes, glyph(parts[0]), glyph(parts[1])];
    }
    var single = parts[0];
    if (single.length === 2 && single[0] === "H" && COLOURS[single[1]]) return [["ms-" + COLOURS[single[1]]], "\u00bd", null];
    var own = COLOURS[single] ? ["ms-" + COLOURS[single]] : [CLASSES[single] || "ms-n"];
    if (phyrexian) return [own.concat("ms-p"), GLYPHS.P, null];
    return [own, glyph(single), null];
  }

  function own(table, key) {
    return Object.prototype.hasOwnProperty.call(table, key);
  }

  function hybridHalf(part) {
    if (own(NAMES.colours, part)) return NAMES.colours[part];
    if (part === "C") return NAMES.words.hybrid_half_colourless;
    if (/^[0-9]+$/.test(part)) return NAMES.words.hybrid_half_generic.replace("{number}", number(part));
    return symbolName(part);
  }

  function number(digits) {
    return own(NAMES.numbers, digits) ? NAMES.numbers[digits] : digits;
  }

  // A symbol's name in words ("W/U" -> "white or blue hybrid mana"): as symbol_name in
  // generator/site/manawords.py, step for step.
  function symbolName(symbol) {
    if (own(NAMES.symbols, symbol)) return NAMES.symbols[symbol];
    var parts = symbol.split("/");
    if (parts.length > 1 && parts[parts.length - 1] === "P") {
      return NAMES.words.phyrexian.replace("{rest}", symbolName(parts.slice(0, -1).join("/")));
    }
    if (parts.length === 2) {
      return NAMES.words.hybrid.replace("{first}", hybridHalf(parts[0])).replace("{second}", hybridHalf(parts[1]));
    }
    if (own(NAMES.colours, symbol)) return NAMES.words.coloured.replace("{colour}", NAMES.colours[symbol]);
    if (/^[0-9]+$/.test(symbol)) return NAMES.words.generic.replace("{number}", number(symbol));
    if (symbol.length === 2 && symbol[0] === "H" && own(NAMES.colours, symbol[1])) {
      return NAMES.words.half.replace("{colour}", NAMES.colours[symbol[1]]);
    }
    return symbol;
  }

  // The notation stays as transparent text for copying, hidden from screen readers: the name says it.
  function symbolImage(symbol) {
    var parts = pipParts(symbol);
    var notation = "{" + symbol + "}";
    var name = symbolName(symbol);
    var pip = document.createElement("span");
    pip.className = "ms " + parts[0].join(" ");
    pip.setAttribute("role", "img");
    pip.setAttribute("aria-label", name);
    pip.title = name;
    pip.setAttribute("data-g", parts[1]);
    if (parts[2] !== null) pip.setAttribute("data-h", parts[2]);
    var text = document.createElement("span");
    text.className = "ms-t";
    text.setAttribute("aria-hidden", "true");
    text.textContent = notation;
    pip.appendChild(text);
    return pip;
  }

  // Replace the text of one element by text pieces and pips.
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
  // when it comes near the screen: thousands of pips at once cost seconds of layout.
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
      // Server-rendered symbols (leader pages) are already drawn.
      if (!elements[i].querySelector(".ms")) upgrade(elements[i]);
    }
  }

  function attribute(text) {
    return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  }

  // The same pip as symbolImage, as HTML: big tables write their rows as one string (cardtable.js), and a
  // pass over their elements afterwards cost more than the rows themselves.
  function symbolHtml(symbol) {
    var parts = pipParts(symbol);
    var notation = attribute("{" + symbol + "}");
    var name = attribute(symbolName(symbol));
    return '<span class="ms ' + parts[0].join(" ") + '" role="img" aria-label="' + name + '" title="' + name +
      '" data-g="' + attribute(parts[1]) + '"' + (parts[2] !== null ? ' data-h="' + attribute(parts[2]) + '"' : "") +
      '><span class="ms-t" aria-hidden="true">' + notation + "</span></span>";
  }

  // `<span class="mana">{2}{R}</span>` spans of an HTML string (text already escaped) with their pips drawn,
  // marked done for C.mana.
  C.manaSpansHtml = function (html) {
    return html.replace(/<span class="mana">([^<]*)<\/span>/g, function (whole, text) {
      return '<span class="mana" data-symbols="">' + text.replace(SYMBOL, function (match, symbol) { return symbolHtml(symbol); }) + "</span>";
    });
  };

  C.symbolImage = symbolImage;
  C.symbolName = symbolName;
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
