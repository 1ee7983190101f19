/* "What can I build?" when no type holds every pasted card: the nearest types, each with the pasted
   cards that keep it out (the fewest first, as the validator's "fewest cards to cut"), so a player sees what to
   drop. Also puts the unknown-card notices right under the verdict instead of below every type.
   Reads the page's own answer (validator.js, C.deckrules.buildable) and only adds to it. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var NEAREST = 5;

  // The pasted names, one per line, as the build page reads them (counted or bare).
  function pastedCards(text, facts) {
    var D = C.decklist;
    var found = [];
    text.replace(/^\ufeff/, "").split(/\r\n|\r|\n/).forEach(function (raw) {
      var kind = D.classify(raw);
      var name = kind[0] === "card" ? kind[1].name : kind[0] === "error" ? D.strip(raw) : "";
      var i = name ? facts.index.names.resolve(name) : null;   // as the page reads it (deckbuildable.js readName)
      if (i !== null && found.indexOf(i) < 0) found.push(i);
    });
    return found;
  }

  // [{type, leaders, misfits: [names]}], fewest misfits first, then most leaders, then by name. Only types
  // that keep some pasted card (a pasted leader's, or one an affiliated card is in): a type that would leave
  // out every affiliated card is no near answer, however many leaders it has.
  C.nearestTypes = function (facts, positions, limit) {
    var leadersOf = new Map();
    facts.cards.forEach(function (card) {
      if (card.l && card.L) card.L.forEach(function (t) { leadersOf.set(t, (leadersOf.get(t) || 0) + 1); });
    });
    var candidates = Array.from(leadersOf.keys());
    var affiliated = [];
    var leaderPasted = false;
    positions.forEach(function (i) {
      var card = facts.cards[i];
      if (!card.l) return;
      if (card.L && card.L.length) {
        var own = new Set(card.L);
        leaderPasted = true;
        candidates = candidates.filter(function (t) { return own.has(t); });
      } else if (card.a.length && !card.c) affiliated.push(card);
    });
    var options = candidates.map(function (type) {
      var out = affiliated.filter(function (card) { return !C.deckrules.cardTypes(card, facts).has(type); });
      return { type: type, leaders: leadersOf.get(type), misfits: out.map(function (card) { return card.n; }) };
    }).filter(function (option) { return leaderPasted || option.misfits.length < affiliated.length; });
    options.sort(function (a, b) {
      return a.misfits.length - b.misfits.length || b.leaders - a.leaders || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0);
    });
    return options.slice(0, limit || NEAREST);
  };

  // `someUnknown`: names it could not read, in no pool it knows: the types hold the cards found (as the verdict says).
  function nearestSection(root, options, w, someUnknown) {
    var section = document.createElement("section");
    section.className = "cb-nearest";
    var items = options.map(function (o) {
      return '<li><a href="' + root + "types/" + C.slugify(o.type) + '/">' + C.escape(o.type) + "</a> <small>" +
        o.leaders + " " + C.escape(o.leaders === 1 ? w.leader : w.leaders) + "</small>: leave out " +
        o.misfits.map(function (name) { return "<strong>" + C.escape(name) + "</strong>"; }).join("; ") + "</li>";
    }).join("");
    section.innerHTML = "<h3>Nearest " + C.escape(w.types) + "</h3><p>Each type below holds every card " +
      (someUnknown ? "found" : "you pasted") + " except the ones " +
      "named: leave those out (or find a replacement) and the type works.</p><ol>" + items + "</ol>";
    return section;
  }

  function improve(box) {
    var out = box.querySelector(".cb-result");
    var verdict = out && out.querySelector(".cb-verdict");
    if (!verdict || verdict.hasAttribute("data-near")) return;
    verdict.setAttribute("data-near", "");
    // Unknown names first: they change every other answer.
    var unknown = out.querySelector(".cb-unknown");
    if (unknown && unknown.previousElementSibling && unknown.previousElementSibling.tagName === "H3") {
      var heading = unknown.previousElementSibling, focused = document.activeElement;
      verdict.insertAdjacentElement("afterend", unknown);
      verdict.insertAdjacentElement("afterend", heading);
      // A moved node loses the focus: a suggestion focused after the one pressed (suggestions.js) keeps it.
      if (focused !== document.activeElement && unknown.contains(focused)) focused.focus();
    }
    var result = C.lastBuild;
    if (!result || result.types.length || result.fatal) return;
    var root = box.getAttribute("data-root") || "../";
    C.validatorPage.loadFacts(root).then(function (facts) {
      var options = C.nearestTypes(facts, pastedCards(box.querySelector("#cb-input").value, facts));
      if (!options.length || !options[0].misfits.length) return;
      var anchor = out.querySelector(".cb-unknown") || verdict;
      anchor.insertAdjacentElement("afterend", nearestSection(root, options, C.validatorPage.words(facts),
        result.unknown_cards.length > 0));
    });
  }

  C.onBox("coalition-build", function (box) {
    new MutationObserver(function () {
      if (box.getAttribute("data-state") === "done") improve(box);
    }).observe(box, { attributes: true, attributeFilter: ["data-state"], subtree: true, childList: true });
  });
})();
