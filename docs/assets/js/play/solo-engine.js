/* Balance of Power's procedure in the browser: the twin of generator/solo/ (shuffle.py, table.py, deck.py),
   statement for statement. tests/vectors/solo-deals.yml is answered by both; change them together.
   The procedure's numbers and sorting rules are balance-of-power/data/procedure.json (from
   data/formats/balance-of-power/procedure.yml); card types are the "t" of data/cards.json. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  if (C.solo) return;
  var SEED_MAX = 4294967295;

  // mulberry32: unsigned 32-bit numbers, the same sequence as generator/solo/shuffle.py.
  function mulberry32(seed) {
    var state = seed >>> 0;
    return function () {
      state = (state + 0x6D2B79F5) >>> 0;
      var t = Math.imul(state ^ (state >>> 15), state | 1);
      t = (t + Math.imul(t ^ (t >>> 7), t | 61)) ^ t;
      return (t ^ (t >>> 14)) >>> 0;
    };
  }

  // Fisher-Yates from the last position down; j = floor(next * (i + 1) / 2^32), exact in doubles.
  function shuffled(items, seed) {
    if (!(Number.isInteger(seed) && seed >= 0 && seed <= SEED_MAX)) {
      throw new Error("a seed is a whole number from 0 to " + SEED_MAX + ", not " + seed);
    }
    var order = items.slice(), next = mulberry32(seed);
    for (var i = order.length - 1; i > 0; i--) {
      var j = Math.floor(next() * (i + 1) / 4294967296);
      var held = order[i]; order[i] = order[j]; order[j] = held;
    }
    return order;
  }

  // The words before the dash of the front face: a card in the library has only its front face.
  function typeWords(typeLine) {
    return typeLine.split(" // ")[0].split("—")[0].split(/\s+/).filter(Boolean);
  }

  function ruleFor(typeLine, procedure) {
    var words = typeWords(typeLine);
    for (var r = 0; r < procedure.reveal.length; r++) {
      var rule = procedure.reveal[r];
      if (rule.types.every(function (type) { return words.indexOf(type) >= 0; })) return rule;
    }
    throw new Error("no reveal rule for " + typeLine);
  }

  function emptyTable(procedure, library, seed) {
    var piles = [];
    for (var p = 0; p < procedure.piles; p++) piles.push([]);
    return { seed: seed === undefined ? null : seed, piles: piles, land_pile: [], world_pile: [],
             library: library.slice(), graveyard: [], outcome: "playing", message: null };
  }

  function copyState(state) { return JSON.parse(JSON.stringify(state)); }

  // Reveal cards for `pile` until one ends it; false when the library runs out first.
  function revealInto(state, pile, procedure, typeOf) {
    while (state.library.length) {
      var name = state.library.shift();
      var rule = ruleFor(typeOf(name), procedure);
      (rule.to === "pile" ? state.piles[pile] : state[rule.to]).push(name);
      if (rule.ends_pile) return true;
    }
    return false;
  }

  function lose(state, message) { state.outcome = "lost"; state.message = message; return state; }

  function dealLibrary(library, procedure, typeOf, seed) {
    var state = emptyTable(procedure, library, seed);
    for (var pile = 0; pile < procedure.piles; pile++) {
      if (!revealInto(state, pile, procedure, typeOf)) {
        return lose(state, "The library ran out during set-up: " + pile + " of " + procedure.piles + " piles " + (pile === 1 ? "has" : "have") + " a creature, and the game is lost.");
      }
    }
    return state;
  }

  function deal(deck, seed, procedure, typeOf) { return dealLibrary(shuffled(deck, seed), procedure, typeOf, seed); }

  function refill(state, pile, procedure, typeOf) {
    state = copyState(state);
    Array.prototype.push.apply(state.graveyard, state.piles[pile]);
    state.piles[pile] = [];
    if (!revealInto(state, pile, procedure, typeOf)) {
      return lose(state, "No card to reveal while refilling pile " + (pile + 1) + ": the game is lost.");
    }
    return state;
  }

  // Names in a problem's one line, each quoted (card names hold commas), the last after "or"
  // (generator/terminal.py either).
  function quoted(name) { return '"' + String(name).trim() + '"'; }
  function either(names) {
    var marked = names.map(quoted);
    return marked.length > 1 ? marked.slice(0, -1).join(", ") + " or " + marked[marked.length - 1] : marked.join("");
  }

  // A pasted list as library cards: the main deck in the order written (generator/solo/deck.py).
  function libraryFromList(parsed, index) {
    var problems = parsed.errors.map(function (e) { return "line " + e.line + ": " + e.message; });
    if (parsed.fatal) problems.push(parsed.fatal);
    var names = [];
    parsed.entries.forEach(function (entry) {
      if (entry.section !== "main") return;
      var found = index.lookup(entry.name);
      if (found === null) {
        var hint = index.suggest(entry.name);
        // terminal.py's unknown_card_line: the command line's words for an unknown card
        problems.push("line " + entry.line + ": unknown card \"" + entry.name + "\"" + (hint.length ? " (did you mean " + either(hint) + "?)" : ""));
        return;
      }
      for (var c = 0; c < entry.count; c++) names.push(index.cards[found].n);
    });
    if (!names.length && !problems.length) problems.push("the list has no main-deck card");
    return { names: names, problems: problems };
  }

  C.solo = { SEED_MAX: SEED_MAX, mulberry32: mulberry32, shuffled: shuffled, typeWords: typeWords, ruleFor: ruleFor,
             emptyTable: emptyTable, dealLibrary: dealLibrary, deal: deal, refill: refill, copyState: copyState,
             libraryFromList: libraryFromList };
})();
