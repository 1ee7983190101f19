/* Colours and mana values, as players type and read them: shared by every card table's filter.

   What a filter word means (the leaders index and every pool; said on the leaders page too):
   - a colour word or one letter ("green", "g", "{G}") keeps cards that have that colour, whatever else
     they have;
   - a combination ("RG", "{R}{G}", "gruul", "bug", "temur", "red-green", "R/G") keeps cards of exactly those
     colours: how players name a deck's colours;
   - "mono" or "only" before one colour ("mono red", "mono-red", "monored", "mono R", "only green") keeps
     cards of exactly that colour: how players name a one-colour deck; "mono" alone is plain text (a name);
   - "colourless" / "colorless" / "c" keeps colourless cards; "multicolour", "multicolor" or "gold" keeps
     cards of two colours or more; "monocolour" / "monocolored" cards of exactly one;
   - a number of colours ("five-color", "5-color", "five color", "5c", "four-colour", "2-colored") keeps cards
     of exactly that many colours, whichever they are: "five-color" is "wubrg".
   A card's colours in a pool are those of its mana cost (a land or a card without a cost is colourless); a
   leader's are its own colours. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var ORDER = "WUBRG";
  // The names of colors, of colorless and of the identities players name ("izzet": UR), from the one table
  // data/cards/color_identities.yml, written here by hooks/data_into_scripts.py at every build.
  var TABLE = /* color_identities.yml */ null;
  var WORDS = TABLE.colors;
  var NAMED = {};
  Object.keys(TABLE.names).forEach(function (letters) { NAMED[TABLE.names[letters].toLowerCase()] = letters; });
  var COLOURLESS = TABLE.colorless.map(function (word) { return word.toLowerCase(); }).concat(["{c}"]);
  var MULTI = ["multicolour", "multicolor", "multicoloured", "multicolored", "multi-colour", "multi-color",
    "multi-coloured", "multi-colored", "gold"];
  var MONO = ["monocolour", "monocolor", "monocoloured", "monocolored", "mono-colour", "mono-color",
    "mono-coloured", "mono-colored"];
  // Words that make the one colour after them exact: "mono red", "mono-red", "monored", "only red".
  var EXACTLY = ["mono", "only"];
  // A number of colours, as players write it: "five-color", "5-colour", "fivecolor", "5c"; "five color" is
  // two words (colourFilter joins them).
  var NUMBERS = { one: 1, two: 2, three: 3, four: 4, five: 5, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5 };
  var COUNTED = /^(one|two|three|four|five|[1-5])(?:-?colou?r(?:ed)?|c)$/;
  var COLOUR_NOUN = /^colou?r(?:ed|s)?$/;

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
    if (MONO.indexOf(w) >= 0) return { mono: true };
    var counted = w.match(COUNTED);
    if (counted) return { count: NUMBERS[counted[1]] };
    var joined = w.match(/^(mono)-?(.+)$/);
    if (joined) return exactly(C.colourWord(joined[2]));
    if (WORDS[w]) return { colours: WORDS[w], exact: false };
    if (NAMED[w]) return { colours: sorted(NAMED[w]), exact: true };
    if (/^[^-\/]+(?:[-\/][^-\/]+)+$/.test(w)) return joinedColours(w.split(/[-\/]/));
    var letters = w.replace(/[{}]/g, "").toUpperCase();
    if (!/^[WUBRG]{1,5}$/.test(letters) || new Set(letters).size !== letters.length) return null;
    return { colours: sorted(letters), exact: letters.length > 1 };
  };

  // Colours joined by "-" or "/" ("red-green", "R/G", "white/blue/black"): exactly those colours, as a
  // combination of letters is; null unless every part is one colour.
  function joinedColours(parts) {
    var letters = "";
    for (var i = 0; i < parts.length; i++) {
      var test = C.colourWord(parts[i]);
      if (!test || !test.colours || test.colours.length !== 1 || letters.indexOf(test.colours) >= 0) return null;
      letters += test.colours;
    }
    return { colours: sorted(letters), exact: true };
  }

  // A one-colour test made exact ("mono" + "red"), or null when the word after is no single colour.
  function exactly(test) {
    return test && test.colours && test.colours.length === 1 ? { colours: test.colours, exact: true } : null;
  }

  // A filter's words as colour tests and plain words: a modifier and its colour ("mono red") make one test;
  // a modifier with no single colour after it stays a plain word ("mono" finds Monoxa).
  C.colourFilter = function (text) {
    var tests = [];
    var words = [];
    var list = text.toLowerCase().split(/\s+/).filter(Boolean);
    for (var i = 0; i < list.length; i++) {
      var next = i + 1 < list.length ? list[i + 1] : "";
      var pair = EXACTLY.indexOf(list[i]) >= 0 && next ? exactly(C.colourWord(next)) :
        NUMBERS[list[i]] && COLOUR_NOUN.test(next) ? { count: NUMBERS[list[i]] } : null;
      var test = pair || C.colourWord(list[i]);
      if (pair) i += 1;
      if (test) tests.push(test);
      else words.push(list[i]);
    }
    return { tests: tests, words: words };
  };

  C.colourMatch = function (test, colours) {
    if (test.colourless) return colours === "";
    if (test.multi) return colours.length > 1;
    if (test.mono) return colours.length === 1;
    if (test.count) return colours.length === test.count;
    if (test.exact) return colours === test.colours;
    return test.colours.split("").every(function (letter) { return colours.indexOf(letter) >= 0; });
  };
})();
