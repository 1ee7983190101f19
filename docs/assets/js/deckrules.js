/* A generic interpreter of a format's declared deck checks (format.json `checks`): the twin of
   generator/deckrules.py and generator/decktypes.py, with the same check kinds (main_size, sideboard_size,
   copies, banned, legendary, leader, typal_identity) and the same message templates, read from the same
   format.json. Every per-card fact comes from cards.json, so this file names no format and decides nothing
   about single cards: it only counts, compares and fills in templates. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  if (C.deckrules) return;
  var D = C.decklist;

  var LEGENDARY = /\bLegendary\b/;
  var LEGENDARY_CREATURE = /^[^—]*\bLegendary\b[^—]*\bCreature\b/;
  // Reason codes with a check of their own: the legendary rule and a leader with no type.
  var OWN_RULE_REASONS = { legendary: true, no_coalition_type: true };
  var COPY_LIMIT_OF_GROUP = { creature: "creature", land: "nonbasic_land", other: "other" };
  var OPTIONS_IN_MESSAGE = 3;
  var UNFIT = 1e9;   // the cost of a legend none of whose types could be the shared type

  function Facts(cardsDoc, formatDoc) {
    this.cards = cardsDoc.cards;
    this.types = cardsDoc.types;
    this.fmt = formatDoc;
    this.index = new D.CardIndex(cardsDoc.cards);
    var bans = (this.banReasons = new Map());
    (formatDoc.banlist || []).forEach(function (b) { bans.set(D.nameKey(b.name), b.reason); });
    var checks = (this.checks = {});
    (formatDoc.checks || []).forEach(function (c) { (checks[c.kind] = checks[c.kind] || []).push(c); });
    this.groupOrder = (formatDoc.card_groups || []).map(function (g) { return g.group; });
  }

  // The format's check of this kind (and copy group), or null when the format does not declare one.
  Facts.prototype.check = function (kind, group) {
    var found = (this.checks[kind] || []).filter(function (c) { return group === undefined || c.group === group; });
    return found.length ? found[0] : null;
  };

  function ruleAnchor(rule) { return rule.trim().replace(/\.$/, "").replace(/\./g, "-").toLowerCase(); }
  function isLegendary(card) { return LEGENDARY.test(card.t); }
  function leaderShaped(card) { return "L" in card || LEGENDARY_CREATURE.test(card.t.split(" // ")[0]); }
  function byName(a, b) { return D.compare(a, b); }

  // A message template with its {placeholders} filled in (an unknown one is left as written).
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }
  function say(declared, message, values) { return fill(declared.messages[message], values || {}); }

  function violation(declared, message, named, values) {
    var rule = declared.rule;
    return { rule: rule, code: declared.id, message: say(declared, message, values), cards: named || [],
      link: "rules/#" + ruleAnchor(rule) };
  }

  function cardTypes(card, facts) {
    return card.c ? new Set(facts.types) : new Set(card.a.map(function (row) { return row[0]; }));
  }

  function leaderTypes(card, facts) {
    if ("L" in card) return card.L.slice();
    var own = cardTypes(card, facts);
    own.delete(facts.fmt.excluded_type);
    return Array.from(own).sort(byName);
  }

  function add(map, key, count) { map.set(key, (map.get(key) || 0) + count); }

  // Card counts per section, the unknown names, section totals and the cards listed under a Commander
  // header (counted in the main deck when the format's commander is one of its cards).
  function resolve(parsed, facts) {
    var deck = { main: new Map(), side: new Map(), unknown: [], totals: { main: 0, side: 0 }, commanders: [] };
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

  // The `main_size` (exactly deck_size) and `sideboard_size` (at most sideboard_max) checks.
  function sizeViolations(deck, facts) {
    var found = [], main = deck.totals.main, side = deck.totals.side;
    var mainCheck = facts.check("main_size"), sideCheck = facts.check("sideboard_size");
    if (mainCheck && main !== facts.fmt.deck_size) {
      found.push(violation(mainCheck, "wrong", [], { count: main, limit: facts.fmt.deck_size }));
    }
    if (sideCheck && side > facts.fmt.sideboard_max) {
      found.push(violation(sideCheck, "too_many", [], { count: side, limit: facts.fmt.sideboard_max }));
    }
    return found;
  }

  function totals(deck) {
    var together = new Map(deck.main);
    deck.side.forEach(function (count, i) { add(together, i, count); });
    return together;
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

  // The `banned` check: every card a reason of the format keeps out, with that reason's words.
  function banViolations(deck, facts) {
    var declared = facts.check("banned"), found = [];
    if (!declared) return found;
    totals(deck).forEach(function (count, i) {
      var text = banText(facts.cards[i], facts);
      if (text) found.push(violation(declared, "banned", [nameOf(facts, i)], { card: nameOf(facts, i), reasons: text }));
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

  // --- the `typal_identity` check kind ---------------------------------------------------------------

  // Cards in the deck that are affiliated, but not with typeName (unaffiliated cards fit every deck).
  function misfits(deck, facts, leader, typeName) {
    return keys(totals(deck)).filter(function (i) {
      var card = facts.cards[i];
      return i !== leader && card.a.length && !card.c && !cardTypes(card, facts).has(typeName);
    });
  }

  // A declared type as the build spells it, in any case and any spelling the build knows (format.json's
  // type_forms: singular, regular and irregular plurals such as Mice, Oxen, Fungi).
  function matchType(asked, facts) {
    var word = asked.split(/\s+/).filter(Boolean).join(" ").toLowerCase();
    var forms = facts.fmt.type_forms;
    if (!forms) {
      forms = {};
      facts.types.forEach(function (t) { forms[t.toLowerCase()] = t; });
    }
    return Object.prototype.hasOwnProperty.call(forms, word) ? forms[word] : null;
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

  function noTypeViolation(declared, leaderName, options) {
    var best = options.slice(0, OPTIONS_IN_MESSAGE).map(function (o) {
      return say(declared, "option", { type: o.type, cut: plural(o.cut, "card"), cards: shortList(o.misfits) });
    });
    return violation(declared, "no_fit", options.length ? options[0].misfits : [],
      { leader: leaderName, options: best.join("; ") });
  }

  function declaredViolations(deck, facts, leader, declaredType, candidates, declared) {
    var matched = matchType(declaredType, facts), excluded = facts.fmt.excluded_type;
    if (matched === null) return [violation(declared, "not_a_type", [], { type: declaredType })];
    if (matched === excluded) return [violation(declared, "excluded", [], { type: excluded })];
    if (candidates !== null && candidates.indexOf(matched) === -1) {
      var leaderName = nameOf(facts, leader);
      return [violation(declared, "not_led", [leaderName], { leader: leaderName, type: matched, types: shortList(candidates, 8) })];
    }
    var bad = names(facts, misfits(deck, facts, leader, matched));
    if (bad.length) {
      return [violation(declared, bad.length === 1 ? "misfit" : "misfits", bad,
        { count: bad.length, type: matched, cards: shortList(bad, 10) })];
    }
    return [];
  }

  // [the types that work, violations, per-type cuts when none works].
  function typeCheck(deck, facts, leader, declaredType) {
    var declared = facts.check("typal_identity"), candidates = null;
    if (!declared) return [[], [], []];
    if (leader !== null) {
      candidates = leaderTypes(facts.cards[leader], facts);
      if (!candidates.length) {
        var leaderName = nameOf(facts, leader);
        return [[], [violation(declared, "cannot_lead", [leaderName], { leader: leaderName, excluded: facts.fmt.excluded_type })], []];
      }
    }
    var works = candidates ? candidates.filter(function (t) { return !misfits(deck, facts, leader, t).length; }) : [];
    if (declaredType !== null) return [works, declaredViolations(deck, facts, leader, declaredType, candidates, declared), []];
    if (!candidates || works.length) return [works, [], []];
    var options = typeOptions(deck, facts, leader, candidates);
    return [[], [noTypeViolation(declared, nameOf(facts, leader), options)], options];
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
  function fitCost(deck, facts, legend, declaredType) {
    var types = leaderTypes(facts.cards[legend], facts);
    if (declaredType !== null) {
      var matched = matchType(declaredType, facts);
      types = types.filter(function (t) { return t === matched; });
    }
    var options = typeOptions(deck, facts, legend, types);
    return options.length ? options[0].cut : UNFIT;
  }

  // The type check for each competing legend as the leader, the others dropped; the best fit first.
  function candidateChecks(deck, facts, legends, declaredType) {
    var checked = legends.map(function (legend) {
      var own = without(deck, new Set(legends.filter(function (i) { return i !== legend; })));
      var typed = typeCheck(own, facts, legend, declaredType);
      return { name: nameOf(facts, legend), coalition_types: typed[0], violations: typed[1], type_options: typed[2],
        cost: fitCost(own, facts, legend, declaredType) };
    });
    return checked.sort(function (a, b) { return a.cost - b.cost || byName(a.name, b.name); });
  }

  // The `legendary` check for every competing legend but the best fit, saying which one to keep and why.
  function extraLegendViolations(facts, candidates, declaredType) {
    var declared = facts.check("legendary"), keeper = candidates[0], why;
    if (!declared) return [];
    var fits = keeper.violations.length ? [] : declaredType ? [matchType(declaredType, facts)] : keeper.coalition_types;
    if (fits.length) why = say(declared, "why_fits", { types: shortList(fits) });
    else why = say(declared, keeper.cost < UNFIT ? "why_cheapest" : "why_none");
    return candidates.slice(1).map(function (other) {
      var found = violation(declared, "drop", [other.name], { card: other.name, keeper: keeper.name, why: why });
      if (other.cost === keeper.cost) found.message += say(declared, "as_well", { card: other.name });
      return found;
    });
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

  // The deck as shown: the leader apart from the sideboard; an identity format's commanders apart from
  // the main deck ("commanders").
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

  // Every rule of an identity format (format.json identity "color") over one resolved list
  // (generator/deckrules.py's identity_check; the kinds are deckcolors.js').
  function identityCheck(parsed, deck, facts, identity, variant) {
    var K = C.deckcolors, chosen = K.variantOf(facts, variant), variantName = chosen[0];
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
    var deck = resolve(parsed, facts);
    if (facts.fmt.identity === "color") {
      return identityCheck(parsed, deck, facts, (options || {}).identity || null, (options || {}).variant || null);
    }
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
  // An identity format's commanders go under Arena's "Commander" header, or open the main deck in MTGO text.
  function deckText(result, style) {
    var line = function (row) { return row.count + " " + row.export; };
    var commanders = (result.deck.commanders || []).map(line);
    var main = result.deck.main.map(line);
    var side = (result.deck.leader ? [result.deck.leader] : []).concat(result.deck.side).map(line);
    var head = commanders.length ? ["Commander"].concat(commanders, [""]) : [];
    var lines = style === "arena" ? head.concat(["Deck"], main, ["", "Sideboard"], side)
      : commanders.concat(main, [""], side);
    return lines.join("\n") + "\n";
  }

  C.deckrules = {
    Facts: Facts, check: check, deckText: deckText, leaderShaped: leaderShaped, isLegendary: isLegendary,
    cardTypes: cardTypes, matchType: matchType, ruleAnchor: ruleAnchor, fill: fill,
    violation: violation, names: names, totals: totals
  };
})();

/* "What can I build?": the coalition types whose pool holds every pasted card, and their leaders. A pool
   is the legal, non-legendary cards affiliated with the type plus every unaffiliated one; a pasted
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
    // Every reason labelled alike from the shared vocabulary (format.json reason_labels): "Banned: …".
    var labels = facts.fmt.reason_labels || {};
    var named = facts.banReasons.get(D.nameKey(card.n));
    var reasons = card.r.map(function (code) {
      var text = code === "banned" && named ? named : facts.fmt.reason_texts[code] || code;
      return labels[code] ? labels[code] + ": " + text : text;
    });
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
      var word = (facts.fmt.leader && facts.fmt.leader.word) || "leader";
      result.notes.push("A deck has exactly one " + word + ", so no deck holds " + result.leaders_pasted.join(" and ") + ".");
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
