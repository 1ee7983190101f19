/* The check kinds of an identity format (format.json identity "color"): the twin of
   generator/deckcolors.py, with the same kinds (commander, color_identity, mechanics) and the same message
   templates, read from the same format.json. Cards carry their identity ("ci", WUBRG order) and mechanics
   ("k") in cards.json. deckrules.js calls it for an identity format; the cases in tests/decks/ run against both. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  if (C.deckcolors) return;
  var WUBRG = "WUBRG";
  var LISTED_CARDS = 10;

  // Colors as one string in WUBRG order ("UW" -> "WU").
  function ordered(colors) {
    return WUBRG.split("").filter(function (c) { return colors.has(c); }).join("");
  }

  // The identity a typed text names, in WUBRG order ("" for colorless), or null when it names none: the twin
  // of generator/identitywords.py's identity_letters (its docstring is the spec), reading the same table
  // (data/cards/color_identities.yml, format.json's identity_words). Without one, letters alone are read.
  function identityLetters(typed, table) {
    var words = table || { colors: {}, colorless: [], names: {} };
    var said = String(typed).trim().toLowerCase();
    var named = {};
    Object.keys(words.names).forEach(function (letters) { named[words.names[letters].toLowerCase()] = letters; });
    if (Object.prototype.hasOwnProperty.call(named, said)) return ordered(new Set(named[said].split("")));
    var parts = said.split(/[\s,\/-]+|[{}]/).filter(Boolean);
    var colorless = words.colorless.map(function (word) { return word.toLowerCase(); });
    if (parts.length === 1 && colorless.indexOf(parts[0]) >= 0) return "";
    var letters = "";
    for (var i = 0; i < parts.length; i++) {
      var part = Object.prototype.hasOwnProperty.call(words.colors, parts[i]) ? words.colors[parts[i]] : parts[i].toUpperCase();
      if (!/^[WUBRG]+$/.test(part)) return null;
      letters += part;
    }
    if (!parts.length || new Set(letters.split("")).size !== letters.length) return null;
    return ordered(new Set(letters.split("")));
  }

  // An identity as the validators, their messages and the CLI say it: its letters, or for the empty identity the
  // table's first word for no color ("colorless"); for null (none typed and no commander to take it from) the
  // table's `unknown`, the word no identity has: the twin of generator/identitywords.py's identity_word.
  // Without a table (none is: format.json's identity_words) it has no words to say, and says none.
  function identityWord(letters, table) {
    var words = table || {};
    if (letters == null) return words.unknown || "";
    return letters || (words.colorless || [letters])[0];
  }
  function said(letters, facts) { return identityWord(letters, facts.fmt.identity_words); }

  // The table's name a mistyped identity surely means ("Izzit" -> "Izzet"), by the one name matcher (names.js
  // nearest), else null: the twin of generator/identitywords.py's identity_nearest.
  function identityNearest(typed, table) {
    var names = Object.keys((table || {}).names || {}).map(function (letters) { return table.names[letters]; });
    var found = new C.names.NameIndex(names.map(function (name) { return { name: name, faces: [], legend: false }; }))
      .nearest(String(typed));
    return found === null ? null : names[found];
  }

  // What a refusal says is accepted (the table's `accepted`) as {accepted} and, to begin a sentence, {Accepted}:
  // the twin of generator/identitywords.py's accepted_words. Without a table the placeholders stay as written.
  function acceptedWords(table) {
    var said = (table || {}).accepted;
    return said ? { accepted: said, Accepted: said.charAt(0).toUpperCase() + said.slice(1) } : {};
  }

  // A typed identity as the format's facts read it (format.json's identity_words), or null when it is none.
  function normalIdentity(asked, facts) { return identityLetters(asked, facts.fmt.identity_words); }

  // The `color_identity` check's words (`bad_identity`, or `bad_identity_near` with the name a typo surely means)
  // for a typed identity that is none, else null: the
  // page says it beside its identity box, the command line refuses it as a bad argument.
  function identityError(facts, asked) {
    var declared = facts.check("color_identity");
    if (!declared || !asked || normalIdentity(asked, facts) !== null) return null;
    var table = facts.fmt.identity_words, near = identityNearest(asked, table);
    var values = Object.assign({ identity: asked, name: near }, acceptedWords(table));
    return C.deckfacts.say(declared, near ? "bad_identity_near" : "bad_identity", values);
  }

  function colorsOf(card) { return new Set((card.ci || "").split("").filter(Boolean)); }

  // [name, variant] of the season variant asked for, else the format's default; throws when unknown.
  function variantOf(facts, asked) {
    var variants = facts.fmt.variants || {}, name = asked || facts.fmt.default_variant;
    if (!Object.prototype.hasOwnProperty.call(variants, name)) {
      throw new Error("unknown variant " + name + ": one of " + Object.keys(variants).sort().join(", "));
    }
    return [name, variants[name]];
  }

  // generator/deckcolors.py's mtgo_commanders: MTGO files a commander in the sideboard (after a .txt's blank
  // line, Sideboard="true" in a .dek). In a format with a `commander` check, a list with no Commander header
  // whose sideboard MTGO's convention told has its commanders first there: the first sideboard card, and the
  // next ones while they can be commanders (a partner), as long as the main deck falls short of the deck size
  // and at most the most commanders any variant has.
  function mtgoCommanders(parsed, facts) {
    var commanderLine = function (e) { return e.commander; };
    if (!facts.check("commander") || !parsed.mtgo_sideboard || parsed.entries.some(commanderLine)) return parsed;
    var main = 0;
    parsed.entries.forEach(function (e) { if (e.section === "main") main += e.count; });
    var variants = facts.fmt.variants || {}, most = 1;
    Object.keys(variants).forEach(function (name) { most = Math.max(most, variants[name].commanders || 1); });
    var wanted = Math.min(most, (facts.fmt.deck_size || 0) - main), taken = [];
    var entries = parsed.entries.map(function (entry) {
      if (entry.section !== "side" || taken.length >= wanted || (taken.length && !canLead(entry, facts))) return entry;
      var copy = Object.assign({}, entry, { commander: true });
      taken.push(copy);
      return copy;
    });
    if (!taken.length) return parsed;
    var word = facts.fmt.leader.word, one = taken.length === 1;
    var note = "No Commander header: " + taken.map(function (e) { return e.name; }).join(" and ") +
      ", first after the main deck's " + main + " cards, " + (one ? "is" : "are") + " read as the " + word +
      (one ? "" : "s") + ", as in an MTGO list.";
    return Object.assign({}, parsed, { entries: entries, notes: parsed.notes.concat([note]) });
  }

  function canLead(entry, facts) {
    var found = facts.index.lookup(entry.name);
    return found !== null && C.deckfacts.leaderShaped(facts.cards[found]);
  }

  // The `commander` check over the cards listed under the Commander header. A name there that is no known
  // card is reported as unknown (with its suggestions), not as "no commander", and still counts as named.
  function commanderViolations(deck, facts, R, variantName, variant) {
    var declared = facts.check("commander"), commanders = deck.commanders;
    var named = commanders.length + (deck.unknownCommanders || 0);
    if (!declared) return [commanders, []];
    if (!named) return [[], [R.violation(declared, "none")]];
    var found = [];
    if (named !== variant.commanders) {
      found.push(R.violation(declared, "count", R.names(facts, commanders),
        { count: named, variant: variantName, wanted: variant.commanders }));
    }
    var bannedAs = new Set((variant.banned_as_commander || []).map(function (n) { return C.decklist.nameKey(n); }));
    commanders.forEach(function (i) {
      var name = facts.cards[i].n;
      if (!R.leaderShaped(facts.cards[i])) found.push(R.violation(declared, "not_commander", [name], { card: name }));
      if (bannedAs.has(C.decklist.nameKey(name))) {
        found.push(R.violation(declared, "banned_as", [name], { card: name, variant: variantName }));
      }
    });
    return [commanders, found.concat(pairViolations(commanders, facts, R, declared, variant))];
  }

  // A partner variant's two commanders: commander_colors colors each, exactly shared_colors in common.
  function pairViolations(commanders, facts, R, declared, variant) {
    var each = variant.commander_colors, shared = variant.shared_colors || 0;
    if (!each || commanders.length !== 2) return [];
    var first = colorsOf(facts.cards[commanders[0]]), second = colorsOf(facts.cards[commanders[1]]);
    var common = Array.from(first).filter(function (c) { return second.has(c); }).length;
    if (first.size === each && second.size === each && common === shared) return [];
    var listed = R.names(facts, commanders);
    return [R.violation(declared, "pair", listed, { colors: each, shared: shared, cards: listed.join(" and ") })];
  }

  // [the deck's color identity, the `color_identity` check's violations].
  function identityViolations(deck, facts, R, commanders, asked, variantName, variant) {
    var declared = facts.check("color_identity"), own = null;
    if (commanders.length) {
      var union = new Set();
      commanders.forEach(function (i) { colorsOf(facts.cards[i]).forEach(function (c) { union.add(c); }); });
      own = ordered(union);
    }
    var assigned = own;
    if (!declared) return [assigned, []];
    var found = [];
    if (asked) {
      assigned = normalIdentity(asked, facts);   // never null: check() refuses a typed identity that is none first
      if (own !== null && own !== assigned) {
        found.push(R.violation(declared, "commander", R.names(facts, commanders),
          { found: said(own, facts), identity: said(assigned, facts) }));
      }
    }
    if (assigned === null) return [null, found];
    if (assigned.length !== variant.colors) {
      found.push(R.violation(declared, "size", [], { identity: said(assigned, facts), count: assigned.length,
        variant: variantName, wanted: variant.colors }));
    }
    var allowed = new Set(assigned.split(""));
    var outside = R.names(facts, Array.from(R.totals(deck).keys()).filter(function (i) {
      return commanders.indexOf(i) === -1 && Array.from(colorsOf(facts.cards[i])).some(function (c) { return !allowed.has(c); });
    }));
    if (outside.length) {
      found.push(R.violation(declared, "outside", outside,
        { count: outside.length, identity: said(assigned, facts), cards: C.deckfacts.cardList(outside, LISTED_CARDS) }));
    }
    return [assigned, found];
  }

  // The `mechanics` check: a card with a listed mechanic the variant does not allow.
  function mechanicViolations(deck, facts, R, variantName, variant) {
    var declared = facts.check("mechanics"), found = [];
    if (!declared) return found;
    var allowed = new Set(variant.allows || []);
    R.totals(deck).forEach(function (count, i) {
      var has = (facts.cards[i].k || []).filter(function (m) { return !allowed.has(m); });
      if (has.length) {
        found.push(R.violation(declared, "forbidden", [facts.cards[i].n],
          { card: facts.cards[i].n, mechanics: has.join(", "), variant: variantName }));
      }
    });
    return found;
  }

  C.deckcolors = {
    identityLetters: identityLetters, identityWord: identityWord, identityNearest: identityNearest, acceptedWords: acceptedWords, normalIdentity: normalIdentity, identityError: identityError, variantOf: variantOf, mtgoCommanders: mtgoCommanders,
    commanderViolations: commanderViolations,
    identityViolations: identityViolations, mechanicViolations: mechanicViolations
  };
})();
