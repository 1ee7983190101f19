/* The deck construction rules (906.5a-h) in the browser: the twin of generator/deckrules.py, with the same
   messages. Every per-card fact comes from data/cards.json and every number and rule number from
   data/format.json, so this file decides nothing about single cards: it only counts and compares. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  if (C.deckrules) return;
  var D = C.decklist;

  var GROUP_ORDER = ["creature", "planeswalker", "battle", "instant", "sorcery", "artifact", "enchantment", "land", "other"];
  var LEGENDARY = /\bLegendary\b/;
  var LEGENDARY_CREATURE = /^[^—]*\bLegendary\b[^—]*\bCreature\b/;
  // Reasons with a rule of their own: the legendary rule (906.5h) and a leader with no type (906.5e).
  var OWN_RULE_REASONS = { legendary: true, no_coalition_type: true };
  var OPTIONS_IN_MESSAGE = 3;
  var UNFIT = 1e9;   // the cost of a legend none of whose types could be the coalition type

  function Facts(cardsDoc, formatDoc) {
    this.cards = cardsDoc.cards;
    this.types = cardsDoc.types;
    this.fmt = formatDoc;
    this.index = new D.CardIndex(cardsDoc.cards);
    var bans = (this.banReasons = new Map());
    (formatDoc.banlist || []).forEach(function (b) { bans.set(D.nameKey(b.name), b.reason); });
  }

  function ruleAnchor(rule) { return rule.trim().replace(/\.$/, "").replace(/\./g, "-").toLowerCase(); }
  function isLegendary(card) { return LEGENDARY.test(card.t); }
  function leaderShaped(card) { return "L" in card || LEGENDARY_CREATURE.test(card.t.split(" // ")[0]); }
  function byName(a, b) { return D.compare(a, b); }

  function cardTypes(card, facts) {
    return card.c ? new Set(facts.types) : new Set(card.a.map(function (row) { return row[0]; }));
  }

  function leaderTypes(card, facts) {
    if ("L" in card) return card.L.slice();
    var own = cardTypes(card, facts);
    own.delete(facts.fmt.excluded_type);
    return Array.from(own).sort(byName);
  }

  function violation(facts, key, message, cards) {
    var rule = facts.fmt.rules[key];
    return { rule: rule, code: key, message: message, cards: cards || [], link: "rules/#" + ruleAnchor(rule) };
  }

  function add(map, key, count) { map.set(key, (map.get(key) || 0) + count); }

  function resolve(parsed, facts) {
    var deck = { main: new Map(), side: new Map(), unknown: [], totals: { main: 0, side: 0 } };
    var unknownKeys = new Map();
    parsed.entries.forEach(function (entry) {
      deck.totals[entry.section] += entry.count;
      var found = facts.index.lookup(entry.name);
      if (found !== null) { add(deck[entry.section], found, entry.count); return; }
      var key = D.nameKey(entry.name);
      if (unknownKeys.has(key)) { unknownKeys.get(key).count += entry.count; return; }
      var suggestions = unknownKeys.size < D.LIMITS.SUGGESTED_NAMES ? facts.index.suggest(entry.name) : [];
      var unknown = { name: entry.name, line: entry.line, count: entry.count, suggestions: suggestions };
      unknownKeys.set(key, unknown);
      deck.unknown.push(unknown);
    });
    return deck;
  }

  function nameOf(facts, i) { return facts.cards[i].n; }
  function names(facts, indexes) { return indexes.map(function (i) { return nameOf(facts, i); }).sort(byName); }
  function keys(map) { return Array.from(map.keys()); }

  // The leader candidates when the sideboard holds more than one, by name; else none.
  function contested(deck, facts) {
    var inSide = keys(deck.side).filter(function (i) { return leaderShaped(facts.cards[i]); })
      .sort(function (a, b) { return byName(nameOf(facts, a), nameOf(facts, b)); });
    return inSide.length > 1 ? inSide : [];
  }

  // 906.5f: exactly one legendary creature, in the sideboard. A lone one in the main deck is taken as the
  // intended leader so the type can still be checked.
  function findLeader(deck, facts) {
    var shaped = function (i) { return leaderShaped(facts.cards[i]); };
    var inSide = keys(deck.side).filter(shaped), inMain = keys(deck.main).filter(shaped), leader;
    if (inSide.length > 1) {
      var listed = names(facts, inSide);
      return [null, [violation(facts, "leader", "The sideboard holds " + listed.length + " legendary creatures (" +
        listed.join("; ") + "); exactly one of them must stay, as the coalition leader.", listed)]];
    }
    if (inSide.length) {
      leader = inSide[0];
    } else if (inMain.length === 1) {
      leader = inMain[0];
      return [leader, [violation(facts, "leader", nameOf(facts, leader) + " is in the main deck; " +
        "the coalition leader starts in the sideboard.", [nameOf(facts, leader)])]];
    } else {
      return [null, [violation(facts, "leader", "No leader: the sideboard must hold exactly one legendary " +
        "creature, the coalition leader.")]];
    }
    var copies = (deck.side.get(leader) || 0) + (deck.main.get(leader) || 0);
    if (copies > 1) {
      return [leader, [violation(facts, "leader", nameOf(facts, leader) + " is the leader: the deck may hold " +
        "only that one copy, in the sideboard (" + copies + " found).", [nameOf(facts, leader)])]];
    }
    return [leader, []];
  }

  function sizeViolations(deck, facts) {
    var found = [], main = deck.totals.main, side = deck.totals.side;
    if (main !== facts.fmt.deck_size) {
      found.push(violation(facts, "deck_size", "The main deck has " + main + " cards; it must have exactly " +
        facts.fmt.deck_size + "."));
    }
    if (side > facts.fmt.sideboard_max) {
      found.push(violation(facts, "sideboard_size", "The sideboard has " + side + " cards, the leader included; " +
        "it may have at most " + facts.fmt.sideboard_max + "."));
    }
    return found;
  }

  function totals(deck) {
    var together = new Map(deck.main);
    deck.side.forEach(function (count, i) { add(together, i, count); });
    return together;
  }

  // 906.5b-d over main deck and sideboard together; the leader's own copies are 906.5f's business.
  function copyViolations(deck, facts, leader) {
    var limits = facts.fmt.copy_limits, found = [];
    totals(deck).forEach(function (count, i) {
      var card = facts.cards[i];
      if (i === leader || card.x === null || count <= card.x) return;
      var kind = card.g === "creature" ? ["creature_copies", limits.creature, "a creature may be included"]
        : card.g === "land" ? ["land_copies", limits.nonbasic_land, "a nonbasic land may be included"]
        : ["singleton", limits.other, "a card that is neither creature nor land may be included"];
      var why = card.x !== kind[1] ? "its own text allows at most " + card.x
        : kind[1] === 1 ? kind[2] + " only once" : kind[2] + " at most " + kind[1] + " times";
      found.push(violation(facts, kind[0], card.n + ": " + count + " copies in the main deck and sideboard; " + why + ".",
        [card.n]));
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

  function banViolations(deck, facts) {
    var found = [];
    totals(deck).forEach(function (count, i) {
      var text = banText(facts.cards[i], facts);
      if (text) found.push(violation(facts, "banned", nameOf(facts, i) + " is banned: " + text, [nameOf(facts, i)]));
    });
    return found;
  }

  // 906.5h: no legendary card but the leader. Competing leader candidates are extraLegendViolations' business.
  function legendaryViolations(deck, facts, leader) {
    var candidates = new Set(contested(deck, facts));
    var found = [];
    totals(deck).forEach(function (count, i) {
      if (i === leader || candidates.has(i) || !isLegendary(facts.cards[i])) return;
      found.push(violation(facts, "legendary", nameOf(facts, i) + " is legendary: a deck may hold no legendary card " +
        "other than its leader.", [nameOf(facts, i)]));
    });
    return found;
  }

  // Cards in the deck that are affiliated, but not with typeName (unaffiliated cards fit every deck).
  function misfits(deck, facts, leader, typeName) {
    return keys(totals(deck)).filter(function (i) {
      var card = facts.cards[i];
      return i !== leader && card.a.length && !card.c && !cardTypes(card, facts).has(typeName);
    });
  }

  // A declared type as the build spells it: any case, and the common plural endings.
  function matchType(asked, facts) {
    var byLower = new Map(facts.types.map(function (t) { return [t.toLowerCase(), t]; }));
    var word = asked.split(/\s+/).filter(Boolean).join(" ").toLowerCase();
    var ends = function (tail) { return word.slice(-tail.length) === tail; };
    var candidates = [word, ends("s") ? word.slice(0, -1) : "", ends("es") ? word.slice(0, -2) : "",
      ends("ves") ? word.slice(0, -3) + "f" : "", ends("ies") ? word.slice(0, -3) + "y" : ""];
    for (var i = 0; i < candidates.length; i++) if (byLower.has(candidates[i])) return byLower.get(candidates[i]);
    return null;
  }

  function plural(count, word) { return count + " " + word + (count === 1 ? "" : "s"); }
  function shortList(items, limit) {
    limit = limit || 5;
    return items.slice(0, limit).join(", ") + (items.length > limit ? " and " + (items.length - limit) + " more" : "");
  }

  function typeOptions(deck, facts, leader, candidates) {
    var together = totals(deck);
    return candidates.map(function (typeName) {
      var bad = misfits(deck, facts, leader, typeName), cut = 0;
      bad.forEach(function (i) { cut += together.get(i); });
      return { type: typeName, misfits: names(facts, bad), cut: cut };
    }).sort(function (a, b) { return a.cut - b.cut || byName(a.type, b.type); });
  }

  function noTypeViolation(facts, leaderName, options) {
    var best = options.slice(0, OPTIONS_IN_MESSAGE).map(function (o) {
      return o.type + " (cut " + plural(o.cut, "card") + ": " + shortList(o.misfits) + ")";
    });
    return violation(facts, "coalition_type", "No type of " + leaderName + " is shared by every affiliated card. " +
      "Fewest cards to cut: " + best.join("; ") + ".", options.length ? options[0].misfits : []);
  }

  function declaredViolations(deck, facts, leader, declared, candidates) {
    var matched = matchType(declared, facts), excluded = facts.fmt.excluded_type;
    if (matched === null) return [violation(facts, "coalition_type", declared + " is not a creature type.")];
    if (matched === excluded) return [violation(facts, "coalition_type", excluded + " may not be the coalition type.")];
    if (candidates !== null && candidates.indexOf(matched) === -1) {
      var leaderName = nameOf(facts, leader);
      return [violation(facts, "coalition_type", leaderName + " is not affiliated with " + matched + "; it can lead " +
        shortList(candidates, 8) + ".", [leaderName])];
    }
    var bad = names(facts, misfits(deck, facts, leader, matched));
    if (bad.length) {
      return [violation(facts, "coalition_type", bad.length + (bad.length === 1 ? " card is" : " cards are") +
        " not affiliated with " + matched + ": " + shortList(bad, 10) + ".", bad)];
    }
    return [];
  }

  // 906.5e: [the types that work, violations, per-type cuts when none works].
  function typeCheck(deck, facts, leader, declared) {
    var candidates = null;
    if (leader !== null) {
      candidates = leaderTypes(facts.cards[leader], facts);
      if (!candidates.length) {
        var leaderName = nameOf(facts, leader);
        return [[], [violation(facts, "coalition_type", leaderName + " cannot lead: none of its creature types " +
          "may be a coalition type (" + facts.fmt.excluded_type + " may not be one).", [leaderName])], []];
      }
    }
    var works = candidates ? candidates.filter(function (t) { return !misfits(deck, facts, leader, t).length; }) : [];
    if (declared !== null) return [works, declaredViolations(deck, facts, leader, declared, candidates), []];
    if (!candidates || works.length) return [works, [], []];
    var options = typeOptions(deck, facts, leader, candidates);
    return [[], [noTypeViolation(facts, nameOf(facts, leader), options)], options];
  }

  // The deck with every copy of the dropped cards taken out.
  function without(deck, dropped) {
    var keep = function (map) {
      var out = new Map();
      map.forEach(function (n, i) { if (!dropped.has(i)) out.set(i, n); });
      return out;
    };
    return { main: keep(deck.main), side: keep(deck.side), unknown: deck.unknown, totals: deck.totals };
  }

  // The fewest copies to cut for a type this legend can lead (only the declared type, when there is one).
  function fitCost(deck, facts, legend, declared) {
    var types = leaderTypes(facts.cards[legend], facts);
    if (declared !== null) {
      var matched = matchType(declared, facts);
      types = types.filter(function (t) { return t === matched; });
    }
    var options = typeOptions(deck, facts, legend, types);
    return options.length ? options[0].cut : UNFIT;
  }

  // 906.5e for each competing legend as the leader, the others dropped; the best fit first.
  function candidateChecks(deck, facts, legends, declared) {
    var checked = legends.map(function (legend) {
      var own = without(deck, new Set(legends.filter(function (i) { return i !== legend; })));
      var typed = typeCheck(own, facts, legend, declared);
      return { name: nameOf(facts, legend), coalition_types: typed[0], violations: typed[1], type_options: typed[2],
        cost: fitCost(own, facts, legend, declared) };
    });
    return checked.sort(function (a, b) { return a.cost - b.cost || byName(a.name, b.name); });
  }

  // 906.5h for every competing legend but the best fit, saying which one to keep and why.
  function extraLegendViolations(facts, candidates, declared) {
    var keeper = candidates[0], why;
    var fits = keeper.violations.length ? [] : declared ? [matchType(declared, facts)] : keeper.coalition_types;
    if (fits.length) why = ": with it as the leader, " + shortList(fits) + " would work.";
    else why = keeper.cost < UNFIT ? ": it needs the fewest cuts." : ".";
    return candidates.slice(1).map(function (other) {
      var message = other.name + " is legendary: a deck may hold no legendary card other than its leader. " +
        "Drop it and keep " + keeper.name + why;
      if (other.cost === keeper.cost) message += " (Keeping " + other.name + " instead would fit as well.)";
      return violation(facts, "legendary", message, [other.name]);
    });
  }

  function listing(counts, facts) {
    var rows = [];
    counts.forEach(function (count, i) {
      var card = facts.cards[i];
      rows.push({ name: card.n, count: count, group: card.g, export: card.s || !card.f ? card.n : card.f[0] });
    });
    var order = function (g) { var n = GROUP_ORDER.indexOf(g); return n === -1 ? GROUP_ORDER.length : n; };
    return rows.sort(function (a, b) { return order(a.group) - order(b.group) || byName(a.name, b.name); });
  }

  function deckListing(deck, facts, leader) {
    var side = new Map(deck.side);
    if (leader !== null && side.get(leader)) {
      side.set(leader, side.get(leader) - 1);
      if (!side.get(leader)) side.delete(leader);
    }
    var leaderRow = leader !== null ? listing(new Map([[leader, 1]]), facts)[0] : null;
    return { leader: leaderRow, main: listing(deck.main, facts), side: listing(side, facts) };
  }

  function emptyResult(parsed, error) {
    return { legal: false, error: error, leader: null, declared_type: null, coalition_types: [], violations: [],
      unknown_cards: [], line_errors: parsed.errors, notes: parsed.notes, type_options: [],
      counts: { main: 0, side: 0 }, deck: { leader: null, main: [], side: [] },
      leader_candidates: [], suggested_leader: null };
  }

  // Every rule over one parsed list. A type typed into the page wins over the list's own line.
  function check(parsed, facts, declaredType) {
    if (parsed.fatal) return emptyResult(parsed, parsed.fatal);
    var declared = declaredType || parsed.declared_type || null;
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
  // import text; the leader opens the sideboard.
  function deckText(result, style) {
    var line = function (row) { return row.count + " " + row.export; };
    var main = result.deck.main.map(line);
    var side = (result.deck.leader ? [result.deck.leader] : []).concat(result.deck.side).map(line);
    var lines = style === "arena" ? ["Deck"].concat(main, ["", "Sideboard"], side) : main.concat([""], side);
    return lines.join("\n") + "\n";
  }

  C.deckrules = {
    Facts: Facts, check: check, deckText: deckText, leaderShaped: leaderShaped, isLegendary: isLegendary,
    cardTypes: cardTypes, matchType: matchType, ruleAnchor: ruleAnchor, GROUP_ORDER: GROUP_ORDER
  };
})();

/* "What can I build?": the coalition types whose pool holds every pasted card, and their leaders. A pool
   is the legal, non-legendary cards affiliated with the type plus every unaffiliated one (906.5e); a pasted
   leader narrows the types to its own. */
(function () {
  "use strict";
  var C = window.Coalition, D = C.decklist, R = C.deckrules;
  if (R.buildable) return;
  var NO_COUNT = D.parseCard("x").error;

  // One name per line, with or without a count; headers and comments are skipped.
  function namesOf(text) {
    var parsed = D.parse(text), out = { names: [], errors: [], fatal: null };
    if (parsed.fatal && parsed.fatal.indexOf("No card lines") !== 0) { out.fatal = parsed.fatal; return out; }
    text.replace(/^\ufeff/, "").split(/\r\n|\r|\n/).forEach(function (raw, i) {
      var kind = D.classify(raw);
      if (kind[0] === "card") out.names.push({ line: i + 1, name: kind[1].name });
      else if (kind[0] === "error" && kind[1] === NO_COUNT) {
        out.names.push({ line: i + 1, name: D.strip(raw).split(/\s+/).join(" ") });
      }
      else if (kind[0] === "error") out.errors.push({ line: i + 1, message: kind[1], text: D.snippet(D.strip(raw)) });
    });
    if (!out.names.length && !out.errors.length) out.fatal = "Paste at least one card name.";
    return out;
  }

  function leadersByType(facts) {
    if (facts.leadersByType) return facts.leadersByType;
    var byType = new Map();
    facts.cards.forEach(function (card, i) {
      if (!card.L || !card.l) return;
      card.L.forEach(function (t) { if (!byType.has(t)) byType.set(t, []); byType.get(t).push(i); });
    });
    facts.leadersByType = byType;
    return byType;
  }

  function blockedReason(card, facts) {
    if (card.l) return null;
    var reasons = card.r.map(function (code) { return facts.fmt.reason_texts[code] || code; });
    var named = facts.banReasons.get(D.nameKey(card.n));
    if (named && card.r.indexOf("banned") !== -1) reasons[card.r.indexOf("banned")] = "Banned: " + named;
    return reasons.filter(function (t, n) { return reasons.indexOf(t) === n; }).join(" ");
  }

  function buildable(text, facts) {
    var read = namesOf(text), result = { fatal: read.fatal, line_errors: read.errors, unknown_cards: [],
      blocked: [], leaders_pasted: [], types: [], leaders: {}, notes: [] };
    if (read.fatal) return result;
    var seen = new Set(), byType = leadersByType(facts), types = new Set(byType.keys());
    read.names.forEach(function (entry) {
      var i = facts.index.lookup(entry.name);
      if (i === null) {
        var suggest = result.unknown_cards.length < D.LIMITS.SUGGESTED_NAMES ? facts.index.suggest(entry.name) : [];
        result.unknown_cards.push({ name: entry.name, line: entry.line, suggestions: suggest });
      } else if (!seen.has(i)) { seen.add(i); }
    });
    seen.forEach(function (i) {
      var card = facts.cards[i], why = blockedReason(card, facts);
      if (why) { result.blocked.push({ name: card.n, reason: why }); return; }
      if (card.L) { result.leaders_pasted.push(card.n); narrow(types, new Set(card.L)); return; }
      if (card.a.length && !card.c) narrow(types, R.cardTypes(card, facts));
    });
    if (result.leaders_pasted.length > 1) {
      types.clear();
      result.notes.push("A deck has exactly one leader, so no deck holds " + result.leaders_pasted.join(" and ") + ".");
    }
    result.types = Array.from(types).sort(D.compare);
    result.types.forEach(function (t) {
      result.leaders[t] = byType.get(t).map(function (i) { return facts.cards[i].n; }).sort(D.compare);
    });
    return result;
  }

  function narrow(types, allowed) { Array.from(types).forEach(function (t) { if (!allowed.has(t)) types.delete(t); }); }

  R.buildable = buildable;
})();
