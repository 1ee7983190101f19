/* What both halves of the deck-check interpreter share (the twin of generator/deckfacts.py): the exported
   facts (cards.json, format.json) with a name index, the format's declared checks by kind, and message
   templates filled in. deckrules.js (the checks), decktypes.js (the typal_identity kind) and deckcolors.js (an
   identity format's kinds) read it. Names no format. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  if (C.deckfacts) return;
  var D = C.decklist;

  var LEGENDARY_CREATURE = /^[^—]*\bLegendary\b[^—]*\bCreature\b/;
  // Reason codes with a check of their own: the legendary rule and a leader with no type.
  var OWN_RULE_REASONS = { legendary: true, no_coalition_type: true, no_affiliation: true };

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

  function ruleAnchor(rule) { return rule.trim().replace(/\.$/, "").replace(/[. ]/g, "-").toLowerCase(); }
  // The build's verdict (cards.json's lg), not the type line's word: a flip card follows the format data's
  // reading (readings: flip_cards), as in generator/deckfacts.py.
  function isLegendary(card) { return !!card.lg; }
  function leaderShaped(card) { return "L" in card || LEGENDARY_CREATURE.test(card.t.split(" // ")[0]); }
  function byName(a, b) { return D.compare(a, b); }

  // A message template with its {placeholders} filled in (an unknown one is left as written).
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }
  function say(declared, message, values) { return fill(declared.messages[message], values || {}); }

  // The message for a count of one: `<message>_one` when the check words it ("1 card", not "1 cards").
  function counted(declared, message, values) {
    var singular = message + "_one";
    return (values || {}).count === 1 && Object.prototype.hasOwnProperty.call(declared.messages, singular) ? singular : message;
  }

  function violation(declared, message, named, values) {
    var rule = declared.rule;
    return { rule: rule, code: declared.id, message: say(declared, counted(declared, message, values), values),
      cards: named || [], link: "rules/#" + ruleAnchor(rule) };
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

  function nameOf(facts, i) { return facts.cards[i].n; }
  function names(facts, indexes) { return indexes.map(function (i) { return nameOf(facts, i); }).sort(byName); }
  function keys(map) { return Array.from(map.keys()); }
  // Card names in a message, the first `limit` of them: split by "; ", since a name may hold a comma.
  function cardList(cards, limit) { return listed(cards, limit, "; "); }
  // Type names in a message, split by ", " (no type's name holds a comma).
  function typeList(types, limit) { return listed(types, limit || 5, ", "); }
  function listed(items, limit, separator) {
    return items.slice(0, limit).join(separator) + (items.length > limit ? " and " + (items.length - limit) + " more" : "");
  }

  // The leader candidates when the sideboard holds more than one, by name; else none.
  function contested(deck, facts) {
    var inSide = keys(deck.side).filter(function (i) { return leaderShaped(facts.cards[i]); })
      .sort(function (a, b) { return byName(nameOf(facts, a), nameOf(facts, b)); });
    return inSide.length > 1 ? inSide : [];
  }

  function totals(deck) {
    var together = new Map(deck.main);
    deck.side.forEach(function (count, i) { add(together, i, count); });
    return together;
  }

  C.deckfacts = {
    Facts: Facts, ruleAnchor: ruleAnchor, isLegendary: isLegendary, leaderShaped: leaderShaped, byName: byName,
    fill: fill, say: say, violation: violation, cardTypes: cardTypes, leaderTypes: leaderTypes, add: add,
    nameOf: nameOf, names: names, cardList: cardList, typeList: typeList, keys: keys, contested: contested, totals: totals, OWN_RULE_REASONS: OWN_RULE_REASONS
  };
})();
