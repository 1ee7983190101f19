/* The `typal_identity` check kind (the twin of generator/decktypes.py): every card with an affiliation
   shares one creature type with the leader, never the excluded type; and, when the sideboard holds several
   legends, which one to keep (the `legendary` check's `drop` message). Templates and numbers come from
   format.json; deckrules.js runs it for a typal format. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  if (C.decktypes) return;
  var F = C.deckfacts;
  var totals = F.totals, keys = F.keys, names = F.names, nameOf = F.nameOf, byName = F.byName, say = F.say,
    violation = F.violation, cardTypes = F.cardTypes, leaderTypes = F.leaderTypes;
  var OPTIONS_IN_MESSAGE = 3;   // the choices of cuts a `no_fit` message names, cheapest first
  var TYPES_NAMED = 8;          // a choice's types named (the message, the page's table), then a count
  var UNFIT = 1e9;   // the cost of a legend none of whose types could be the shared type

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

  // The types a mistyped declared type is nearest to, by the one name matcher (names.js) over every spelling
  // the build knows: the leader's types first, every type when none of them is near.
  function nearestTypes(asked, facts, candidates) {
    var forms = facts.fmt.type_forms, tries = candidates ? [new Set(candidates), null] : [null];
    if (!forms) {
      forms = {};
      facts.types.forEach(function (t) { forms[t.toLowerCase()] = t; });
    }
    for (var k = 0; k < tries.length; k++) {
      var allowed = tries[k];
      var spellings = Object.keys(forms).filter(function (form) { return !allowed || allowed.has(forms[form]); });
      var index = new C.names.NameIndex(spellings.map(function (form) { return { name: form, faces: [], legend: false }; }));
      var near = [];
      index.suggest(asked, C.names.SUGGESTIONS).forEach(function (i) {
        if (near.indexOf(forms[spellings[i]]) < 0) near.push(forms[spellings[i]]);
      });
      if (near.length) return near;
    }
    return [];
  }

  function plural(count, word) { return count + " " + word + (count === 1 ? "" : "s"); }
  // How much a type option cuts: copies and cards told apart ("22 copies of 7 cards"; "3 cards" when each card
  // is one copy).
  function cutWords(option) {
    var copies = option.cut, cards = option.misfits.length;
    if (copies === cards) return plural(cards, "card");
    return (copies === 1 ? "1 copy" : copies + " copies") + " of " + plural(cards, "card");
  }

  // The type options that cut the same cards, as one choice each ({types, misfits, cut}), in the options'
  // order (fewest copies first): a changeling leader's hundreds of types are a handful of choices.
  function optionGroups(options) {
    var groups = new Map();
    options.forEach(function (o) {
      var key = JSON.stringify(o.misfits);
      if (!groups.has(key)) groups.set(key, { types: [], misfits: o.misfits, cut: o.cut });
      groups.get(key).types.push(o.type);
    });
    return Array.from(groups.values());
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
    // Each choice names every type that cuts the same cards, as the table groups them: a limit on single
    // types would cut a tie short (Kaalia's Angel, Cleric, Demon, Dragon said without Dragon).
    var best = optionGroups(options).slice(0, OPTIONS_IN_MESSAGE).map(function (o) {
      return say(declared, "option", { types: F.typeList(o.types, TYPES_NAMED), cut: cutWords(o), cards: F.cardList(o.misfits, 5) });
    });
    return violation(declared, "no_fit", options.length ? options[0].misfits : [],
      { leader: leaderName, options: best.join("; ") });
  }

  function declaredViolations(deck, facts, leader, declaredType, candidates, declared) {
    var matched = matchType(declaredType, facts), excluded = facts.fmt.excluded_type;
    if (matched === null) {
      var near = nearestTypes(declaredType, facts, candidates);
      if (near.length) {
        return [violation(declared, "not_a_type_near", [], { type: declaredType, types: near.join(" or ") })];
      }
      return [violation(declared, "not_a_type", [], { type: declaredType })];
    }
    if (matched === excluded) return [violation(declared, "excluded", [], { type: excluded })];
    if (candidates !== null && candidates.indexOf(matched) === -1) {
      var leaderName = nameOf(facts, leader);
      return [violation(declared, "not_led", [leaderName], { leader: leaderName, type: matched, types: F.typeList(candidates, 8) })];
    }
    var bad = names(facts, misfits(deck, facts, leader, matched));
    if (bad.length) {
      return [violation(declared, bad.length === 1 ? "misfit" : "misfits", bad,
        { count: bad.length, type: matched, cards: F.cardList(bad, 10) })];
    }
    return [];
  }

  // A legend with no type to choose: no creature type at all (the build's reason no_affiliation: a Shrine,
  // a Background), else only the excluded one.
  function cannotLeadViolation(declared, facts, leader) {
    var leaderName = nameOf(facts, leader);
    var message = (facts.cards[leader].r || []).indexOf("no_affiliation") >= 0 ? "no_affiliation" : "cannot_lead";
    return violation(declared, message, [leaderName], { leader: leaderName, excluded: facts.fmt.excluded_type });
  }

  // [the types that work, violations, per-type cuts when none works].
  function typeCheck(deck, facts, leader, declaredType) {
    var declared = facts.check("typal_identity"), candidates = null;
    if (!declared) return [[], [], []];
    if (leader !== null) {
      candidates = leaderTypes(facts.cards[leader], facts);
      if (!candidates.length) return [[], [cannotLeadViolation(declared, facts, leader)], []];
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
    if (fits.length) why = say(declared, "why_fits", { types: F.typeList(fits) });
    else why = say(declared, keeper.cost < UNFIT ? "why_cheapest" : "why_none");
    return candidates.slice(1).map(function (other) {
      var found = violation(declared, "drop", [other.name], { card: other.name, keeper: keeper.name, why: why });
      if (other.cost === keeper.cost) found.message += say(declared, "as_well", { card: other.name });
      return found;
    });
  }

  C.decktypes = {
    misfits: misfits, matchType: matchType, typeCheck: typeCheck, candidateChecks: candidateChecks,
    extraLegendViolations: extraLegendViolations, cutWords: cutWords, optionGroups: optionGroups, TYPES_NAMED: TYPES_NAMED,
    UNFIT: UNFIT
  };
})();
