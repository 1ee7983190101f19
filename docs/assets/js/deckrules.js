/* A generic interpreter of a format's declared deck checks (format.json `checks`): the twin of
   generator/deckrules.py, with the same check kinds (main_size, sideboard_size, copies, banned, legendary,
   leader; typal_identity in decktypes.js, an identity format's kinds in deckcolors.js, what they share in
   deckfacts.js) and the same message templates, read from the same format.json. Every per-card fact comes
   from cards.json, so this file names no format and decides nothing about single cards: it only counts,
   compares and fills in templates. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  if (C.deckrules) return;
  var D = C.decklist, F = C.deckfacts, T = C.decktypes;
  var Facts = F.Facts, byName = F.byName, say = F.say, violation = F.violation, add = F.add, nameOf = F.nameOf,
    names = F.names, keys = F.keys, contested = F.contested, totals = F.totals, isLegendary = F.isLegendary,
    leaderShaped = F.leaderShaped, OWN_RULE_REASONS = F.OWN_RULE_REASONS;
  var matchType = T.matchType, typeCheck = T.typeCheck, candidateChecks = T.candidateChecks,
    extraLegendViolations = T.extraLegendViolations;
  var COPY_LIMIT_OF_GROUP = { creature: "creature", land: "nonbasic_land", other: "other" };

  // Card counts per section, the unknown names, section totals and the cards listed under a Commander
  // header (counted in the main deck when the format's commander is one of its cards), and how many names
  // under that header are no known card (a misspelled commander is named, not missing).
  function resolve(parsed, facts) {
    var deck = { main: new Map(), side: new Map(), unknown: [], totals: { main: 0, side: 0 }, commanders: [],
      unknownCommanders: 0 };
    var commanderInMain = (facts.fmt.leader || {}).zone === "main";
    var unknownKeys = new Map();
    parsed.entries.forEach(function (entry) {
      var section = entry.commander && commanderInMain ? "main" : entry.section;
      deck.totals[section] += entry.count;
      var found = facts.index.lookup(entry.name);
      if (found !== null) {
        add(deck[section], found, entry.count);
        if (entry.commander && deck.commanders.indexOf(found) === -1) deck.commanders.push(found);
        return;
      }
      var key = D.nameKey(entry.name);
      if (unknownKeys.has(key)) { unknownKeys.get(key).count += entry.count; return; }
      if (entry.commander) deck.unknownCommanders += 1;
      var suggestions = unknownKeys.size < D.LIMITS.SUGGESTED_NAMES ? facts.index.suggest(entry.name) : [];
      var unknown = { name: entry.name, line: entry.line, count: entry.count, suggestions: suggestions };
      unknownKeys.set(key, unknown);
      deck.unknown.push(unknown);
    });
    return deck;
  }

  // The `leader` check: exactly one legendary creature, in the sideboard. A lone one in the main deck is
  // taken as the intended leader so the type can still be checked.
  function findLeader(deck, facts) {
    var declared = facts.check("leader");
    var shaped = function (i) { return leaderShaped(facts.cards[i]); };
    var inSide = keys(deck.side).filter(shaped), inMain = keys(deck.main).filter(shaped), leader;
    if (!declared) return [inSide.length === 1 ? inSide[0] : null, []];
    if (inSide.length > 1) {
      var listed = names(facts, inSide);
      return [null, [violation(declared, "several", listed, { count: listed.length, cards: listed.join("; ") })]];
    }
    if (inSide.length) {
      leader = inSide[0];
    } else if (inMain.length === 1) {
      leader = inMain[0];
      return [leader, [violation(declared, "in_main", [nameOf(facts, leader)], { card: nameOf(facts, leader) })]];
    } else {
      return [null, [violation(declared, "none")]];
    }
    var copies = (deck.side.get(leader) || 0) + (deck.main.get(leader) || 0);
    if (copies > 1) {
      return [leader, [violation(declared, "copies", [nameOf(facts, leader)], { card: nameOf(facts, leader), count: copies })]];
    }
    return [leader, []];
  }

  // The `main_size` (exactly deck_size) and `sideboard_size` (at most sideboard_max, or exactly that many
  // where the format's `readings: sideboard` says "exactly") checks.
  function sizeViolations(deck, facts) {
    var found = [], main = deck.totals.main, side = deck.totals.side;
    var mainCheck = facts.check("main_size"), sideCheck = facts.check("sideboard_size");
    if (mainCheck && main !== facts.fmt.deck_size) {
      found.push(violation(mainCheck, "wrong", [], { count: main, limit: facts.fmt.deck_size }));
    }
    var exact = (facts.fmt.readings || {}).sideboard === "exactly";
    if (sideCheck && (side > facts.fmt.sideboard_max || (exact && side < facts.fmt.sideboard_max))) {
      found.push(violation(sideCheck, exact ? "wrong" : "too_many", [], { count: side, limit: facts.fmt.sideboard_max }));
    }
    return found;
  }

  // The `copies` checks over main deck and sideboard together, one per card group; the leader's own copies
  // are the `leader` check's business.
  function copyViolations(deck, facts, leader) {
    var found = [];
    totals(deck).forEach(function (count, i) {
      var card = facts.cards[i];
      if (i === leader || card.x === null || count <= card.x) return;
      var group = card.g === "creature" || card.g === "land" ? card.g : "other";
      var declared = facts.check("copies", group);
      if (!declared) return;
      var usual = facts.fmt.copy_limits[COPY_LIMIT_OF_GROUP[group]];
      var why = card.x !== usual ? say(declared, "own_text", { limit: card.x })
        : say(declared, usual === 1 ? "once" : "times", { what: declared.what || "", limit: usual });
      found.push(violation(declared, "too_many", [card.n], { card: card.n, count: count, why: why }));
    });
    return found;
  }

  function banText(card, facts) {
    var texts = [];
    card.r.forEach(function (code) {
      if (OWN_RULE_REASONS[code]) return;
      var named = facts.banReasons.get(D.nameKey(card.n)) || (card.f && facts.banReasons.get(D.nameKey(card.f[0])));
      var text = code === "banned" && named ? named : (facts.fmt.reason_texts[code] || code);
      if (texts.indexOf(text) === -1) texts.push(text);
    });
    return texts.join(" ");
  }

  // Where the list has card i: under the Commander header, in the main deck (beyond that copy, when the
  // commander counts in it), in the sideboard.
  function places(deck, i) {
    var commander = deck.commanders.indexOf(i) >= 0 ? 1 : 0;
    return [["commander", commander > 0], ["main", (deck.main.get(i) || 0) > commander], ["side", (deck.side.get(i) || 0) > 0]]
      .filter(function (pair) { return pair[1]; }).map(function (pair) { return pair[0]; });
  }

  // The check's words for each place the list has card i (its `where_<place>` messages), joined by "or".
  function whereWords(declared, deck, i) {
    return places(deck, i).filter(function (place) {
      return Object.prototype.hasOwnProperty.call(declared.messages, "where_" + place);
    }).map(function (place) { return say(declared, "where_" + place); }).join(" or ");
  }

  // The `banned` check: every card a reason of the format keeps out, with that reason's words and, for a
  // template that asks ({where}), the places this list has it.
  function banViolations(deck, facts) {
    var declared = facts.check("banned"), found = [];
    if (!declared) return found;
    totals(deck).forEach(function (count, i) {
      var text = banText(facts.cards[i], facts);
      if (text) {
        found.push(violation(declared, "banned", [nameOf(facts, i)],
          { card: nameOf(facts, i), reasons: text, where: whereWords(declared, deck, i) }));
      }
    });
    return found;
  }

  // The `legendary` check: no legendary card but the leader. Competing leader candidates are
  // extraLegendViolations' business.
  function legendaryViolations(deck, facts, leader) {
    var declared = facts.check("legendary"), found = [];
    if (!declared) return found;
    var candidates = new Set(contested(deck, facts));
    totals(deck).forEach(function (count, i) {
      if (i === leader || candidates.has(i) || !isLegendary(facts.cards[i])) return;
      found.push(violation(declared, "other", [nameOf(facts, i)], { card: nameOf(facts, i) }));
    });
    return found;
  }

  // --- the result ------------------------------------------------------------------------------------

  function listing(counts, facts) {
    var rows = [];
    counts.forEach(function (count, i) {
      var card = facts.cards[i];
      rows.push({ name: card.n, count: count, group: card.g, export: card.s || !card.f ? card.n : card.f[0] });
    });
    var order = function (g) { var n = facts.groupOrder.indexOf(g); return n === -1 ? facts.groupOrder.length : n; };
    return rows.sort(function (a, b) { return order(a.group) - order(b.group) || byName(a.name, b.name); });
  }

  // The deck as shown and as copied back: the leader apart from the sideboard, only when the list has it
  // there (a leader taken from the main deck stays there: the export writes each card where the player put
  // it, whatever the verdict); an identity format's commanders apart from the main deck ("commanders").
  function deckListing(deck, facts, leader, commanders) {
    if (commanders && commanders.length) {
      var main = new Map(), own = new Map();
      deck.main.forEach(function (n, i) {
        var left = n - (commanders.indexOf(i) === -1 ? 0 : 1);
        if (left) main.set(i, left);
      });
      commanders.forEach(function (i) { own.set(i, 1); });
      return { leader: null, commanders: listing(own, facts), main: listing(main, facts), side: listing(deck.side, facts) };
    }
    var side = new Map(deck.side), leaderRow = null;
    if (leader !== null && side.get(leader)) {
      side.set(leader, side.get(leader) - 1);
      if (!side.get(leader)) side.delete(leader);
      leaderRow = listing(new Map([[leader, 1]]), facts)[0];
    }
    return { leader: leaderRow, main: listing(deck.main, facts), side: listing(side, facts) };
  }

  function emptyResult(parsed, error) {
    return { legal: false, error: error, leader: null, declared_type: null, coalition_types: [], violations: [],
      unknown_cards: [], line_errors: parsed.errors, notes: parsed.notes, type_options: [],
      counts: { main: 0, side: 0 }, deck: { leader: null, main: [], side: [] },
      leader_candidates: [], suggested_leader: null };
  }

  // Every rule of an identity format (format.json identity "color") over one list
  // (generator/deckrules.py's identity_check; the kinds are deckcolors.js').
  function identityCheck(parsed, facts, identity, variant) {
    var K = C.deckcolors, chosen = K.variantOf(facts, variant), variantName = chosen[0];
    parsed = K.mtgoCommanders(parsed, facts);
    var deck = resolve(parsed, facts);
    var own = K.commanderViolations(deck, facts, C.deckrules, variantName, chosen[1]);
    var commanders = own[0], found = own[1];
    found = found.concat(sizeViolations(deck, facts), copyViolations(deck, facts, null), banViolations(deck, facts));
    var colour = K.identityViolations(deck, facts, C.deckrules, commanders, identity, variantName, chosen[1]);
    found = found.concat(colour[1], K.mechanicViolations(deck, facts, C.deckrules, variantName, chosen[1]))
      .sort(function (a, b) { return byName(a.rule, b.rule) || byName(a.message, b.message); });
    var result = emptyResult(parsed, null);
    result.legal = !found.length && !deck.unknown.length && !parsed.errors.length;
    result.leader = commanders.map(function (i) { return nameOf(facts, i); }).join(" and ") || null;
    result.commanders = commanders.map(function (i) { return nameOf(facts, i); });
    result.identity = colour[0];
    result.variant = variantName;
    result.violations = found;
    result.unknown_cards = deck.unknown;
    result.counts = { main: deck.totals.main, side: deck.totals.side };
    result.deck = deckListing(deck, facts, null, commanders);
    return result;
  }

  // Every declared check over one parsed list. A type typed into the page wins over the list's own line;
  // options.identity and options.variant are an identity format's (the player's colors, the season's variant).
  function check(parsed, facts, declaredType, options) {
    if (parsed.fatal) return emptyResult(parsed, parsed.fatal);
    var declared = declaredType || parsed.declared_type || null;
    if (facts.fmt.identity === "color") {
      var identity = (options || {}).identity || null, problem = C.deckcolors.identityError(facts, identity);
      if (problem) {   // a mistyped option, as an unknown variant is: no rule of the deck is broken
        var refused = emptyResult(parsed, problem);
        refused.error_in = "identity";
        return refused;
      }
      return identityCheck(parsed, facts, identity, (options || {}).variant || null);
    }
    var deck = resolve(parsed, facts);
    var leaderFound = findLeader(deck, facts), leader = leaderFound[0], found = leaderFound[1];
    found = found.concat(sizeViolations(deck, facts), copyViolations(deck, facts, leader),
      banViolations(deck, facts), legendaryViolations(deck, facts, leader));
    var candidates = candidateChecks(deck, facts, contested(deck, facts), declared), typed;
    if (candidates.length) {
      found = found.concat(extraLegendViolations(facts, candidates, declared));
      var union = new Set();
      candidates.forEach(function (c) { c.coalition_types.forEach(function (t) { union.add(t); }); });
      typed = [Array.from(union).sort(byName), candidates[0].violations, candidates[0].type_options];
    } else {
      typed = typeCheck(deck, facts, leader, declared);
    }
    found = found.concat(typed[1]).sort(function (a, b) { return byName(a.rule, b.rule) || byName(a.message, b.message); });
    var result = emptyResult(parsed, null);
    result.legal = !found.length && !deck.unknown.length && !parsed.errors.length;
    result.leader = leader !== null ? nameOf(facts, leader) : null;
    result.declared_type = declared ? (matchType(declared, facts) || declared) : null;
    result.coalition_types = typed[0];
    result.violations = found;
    result.unknown_cards = deck.unknown;
    result.type_options = typed[2];
    result.counts = { main: deck.totals.main, side: deck.totals.side };
    result.deck = deckListing(deck, facts, leader);
    result.leader_candidates = candidates.map(function (c) {
      return { name: c.name, coalition_types: c.coalition_types, violations: c.violations, type_options: c.type_options };
    });
    result.suggested_leader = candidates.length ? candidates[0].name : null;
    return result;
  }

  // The checked deck as Arena ("Deck" / "Sideboard" headers) or MTGO (a blank line before the sideboard)
  // import text; the leader, when the list has it in the sideboard, opens it.
  // An identity format's commanders go under Arena's "Commander" header, or open the sideboard in MTGO text,
  // where MTGO puts a commander (and where deckcolors.js' mtgoCommanders reads it back).
  function deckText(result, style) {
    var line = function (row) { return row.count + " " + row.export; };
    var commanders = (result.deck.commanders || []).map(line);
    var main = result.deck.main.map(line);
    var side = (result.deck.leader ? [result.deck.leader] : []).concat(result.deck.side).map(line);
    var head = commanders.length ? ["Commander"].concat(commanders, [""]) : [];
    var lines = style === "arena" ? head.concat(["Deck"], main, ["", "Sideboard"], side)
      : main.concat([""], commanders, side);
    return lines.join("\n") + "\n";
  }

  // deckcolors.js, the validator and the "what can I build?" page reach the shared helpers through here too.
  C.deckrules = {
    Facts: Facts, check: check, deckText: deckText, leaderShaped: leaderShaped, isLegendary: isLegendary,
    cardTypes: F.cardTypes, matchType: matchType, ruleAnchor: F.ruleAnchor, fill: F.fill,
    violation: violation, names: names, totals: totals
  };
})();
