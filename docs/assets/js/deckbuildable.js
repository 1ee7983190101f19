/* "What can I build?" (docs/build.md; validator.js and build-near.js call it as C.deckrules.buildable): the
   types whose pool holds every pasted card, and their leaders. A pool is the legal, non-legendary cards
   affiliated with the type plus every unaffiliated one; a pasted leader narrows the types to its own. */
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

  // Why no deck may hold a legal card that fits no type (cards.js C.fitsNoDeck, as the lookup says it), else
  // null. Human Frailty: Human is never a coalition type.
  function typelessReason(card, facts) {
    if (!C.fitsNoDeck(card)) return null;
    var own = Array.from(R.cardTypes(card, facts)).sort(D.compare);
    var w = C.formatWords(facts.fmt);   // texts.words: Coalition's "affiliation", Heroic's "typal identity"
    return own.length === 1 && own[0] === facts.fmt.excluded_type
      ? "its only " + w.identity_one + " is " + own[0] + ", which is never a " + w.type + "."
      : "no " + w.leader + " leads " + own.join(" or ") + ", so none of its " + w.identity + " can be a " + w.type + ".";
  }

  function buildable(text, facts) {
    var read = namesOf(text), result = { fatal: read.fatal, line_errors: read.errors, unknown_cards: [],
      blocked: [], leaders_pasted: [], types: [], leaders: {}, notes: [], read_as: [] };
    if (read.fatal) return result;
    var seen = new Set(), byType = leadersByType(facts), types = new Set(byType.keys());
    read.names.forEach(function (entry) {
      var i = readName(facts, entry, result);
      if (i === null) {
        var suggest = result.unknown_cards.length < D.LIMITS.SUGGESTED_NAMES ? facts.index.suggest(entry.name) : [];
        result.unknown_cards.push({ name: entry.name, line: entry.line, suggestions: suggest });
      } else if (!seen.has(i)) { seen.add(i); }
    });
    seen.forEach(function (i) {
      var card = facts.cards[i], why = blockedReason(card, facts) || typelessReason(card, facts);
      if (why) { result.blocked.push({ name: card.n, reason: why }); return; }
      if (card.L) { result.leaders_pasted.push(card.n); narrow(types, new Set(card.L)); return; }
      if (card.a.length && !card.c) narrow(types, R.cardTypes(card, facts));
    });
    if (result.leaders_pasted.length > 1) {
      types.clear();
      // format.json's word alone: the validator's loadFacts refuses a file without it.
      result.notes.push("A deck has exactly one " + facts.fmt.leader.word + ", so no deck holds " + result.leaders_pasted.join(" and ") + ".");
    }
    result.found = seen.size;   // the cards its names named: none found, no type is said to hold them
    result.types = seen.size ? Array.from(types).sort(D.compare) : [];
    result.types.forEach(function (t) {
      result.leaders[t] = byType.get(t).map(function (i) { return facts.cards[i].n; }).sort(D.compare);
    });
    return result;
  }

  // A pasted name is read as the card lookup reads it (names.js resolve: a legend's short name or a face, as
  // `coalition card`), not as strictly as a deck list (the validator's): this page explores, it exports nothing.
  // A name that is not the card's own is noted in read_as, with the other legends it could be.
  function readName(facts, entry, result) {
    var i = facts.index.lookup(entry.name);
    if (i !== null) return i;
    var names = facts.index.names, found = names.resolve(entry.name);
    if (found !== null) {
      var others = names.shortLegends(C.names.key(entry.name)).filter(function (j) { return j !== found; });
      result.read_as.push({ name: entry.name, line: entry.line, card: facts.cards[found].n,
        others: others.map(function (j) { return facts.cards[j].n; }) });
    }
    return found;
  }

  function narrow(types, allowed) { Array.from(types).forEach(function (t) { if (!allowed.has(t)) types.delete(t); }); }

  R.buildable = buildable;
})();
