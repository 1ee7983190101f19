/* Colours and mana values, as players type and read them: shared by every card table's filter.

   What a filter word means (the leaders index and every pool; said on the leaders page too):
   - a colour word or one letter ("green", "g", "{G}") keeps cards that have that colour, whatever else
     they have;
   - a combination ("RG", "{R}{G}", "gruul", "bug", "temur") keeps cards of exactly those colours: how
     players name a deck's colours;
   - "colourless" / "colorless" / "c" keeps colourless cards; "multicolour", "multicolor" or "gold" keeps
     cards of two colours or more.
   A card's colours in a pool are those of its mana cost (a land or a card without a cost is colourless); a
   leader's are its own colours. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var ORDER = "WUBRG";
  var WORDS = { white: "W", blue: "U", black: "B", red: "R", green: "G" };
  var NAMED = {
    azorius: "WU", dimir: "UB", rakdos: "BR", gruul: "RG", selesnya: "GW", orzhov: "WB", izzet: "UR",
    golgari: "BG", boros: "RW", simic: "GU", esper: "WUB", grixis: "UBR", jund: "BRG", naya: "RGW",
    bant: "GWU", abzan: "WBG", jeskai: "URW", sultai: "BGU", mardu: "RWB", temur: "GUR"
  };
  var COLOURLESS = ["colourless", "colorless", "c", "{c}"];
  var MULTI = ["multicolour", "multicolor", "multicoloured", "multicolored", "gold"];

  function sorted(letters) {
    return ORDER.split("").filter(function (letter) { return letters.indexOf(letter) >= 0; }).join("");
  }

  // The colours a mana cost shows, in WUBRG order: hybrid symbols count both halves.
  C.costColours = function (cost) {
    var found = "";
    ((cost || "").match(/\{[^}]+\}/g) || []).forEach(function (symbol) {
      symbol.slice(1, -1).split("/").forEach(function (part) {
        var letter = part.length === 2 && part[0] === "H" ? part[1] : part;
        if (ORDER.indexOf(letter) >= 0 && found.indexOf(letter) < 0) found += letter;
      });
    });
    return sorted(found);
  };

  // Mana value from the cost (front face of a split card), for cards whose index carries no value.
  C.manaValue = function (cost) {
    var total = 0;
    ((cost || "").split(" // ")[0].match(/\{[^}]+\}/g) || []).forEach(function (symbol) {
      var inner = symbol.slice(1, -1);
      var number = parseFloat(inner);
      if (!isNaN(number)) total += number;
      else if (!/^[XYZ]$/.test(inner)) total += /^2\//.test(inner) ? 2 : 1;
    });
    return total;
  };

  // A filter word as a colour test ({colours, exact} or {multi} or {colourless}), or null for plain text.
  C.colourWord = function (word) {
    var w = word.toLowerCase();
    if (COLOURLESS.indexOf(w) >= 0) return { colourless: true };
    if (MULTI.indexOf(w) >= 0) return { multi: true };
    if (WORDS[w]) return { colours: WORDS[w], exact: false };
    if (NAMED[w]) return { colours: sorted(NAMED[w]), exact: true };
    var letters = w.replace(/[{}]/g, "").toUpperCase();
    if (!/^[WUBRG]{1,5}$/.test(letters) || new Set(letters).size !== letters.length) return null;
    return { colours: sorted(letters), exact: letters.length > 1 };
  };

  C.colourMatch = function (test, colours) {
    if (test.colourless) return colours === "";
    if (test.multi) return colours.length > 1;
    if (test.exact) return colours === test.colours;
    return test.colours.split("").every(function (letter) { return colours.indexOf(letter) >= 0; });
  };
})();
