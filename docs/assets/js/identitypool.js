/* An identity format's pool page (<format>/identities/<letters>/): the legal cards whose color identity
   (cards.json "ci") is within the page's identity, grouped by card type and drawn by cardtable.js a page
   at a time, as a table or as pictures. The page ships empty: a three-color pool holds thousands of cards. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  function fits(card, allowed) {
    return (card.ci || "").split("").every(function (c) { return allowed.indexOf(c) >= 0; });
  }

  function row(card) {
    var mv = C.manaValue(card.m);
    var copies = C.copies(card);
    return {
      cells: [C.cardLink(card), '<span class="mana">' + C.escape(card.m) + "</span>", C.escape(card.t), copies],
      attrs: ["", ' data-sort="' + mv + '"', "", ""],
      name: card.n, link: card.u || "#", img: card.img || "", colours: card.ci || "", mv: mv,
      text: (card.n + " " + card.t).toLowerCase(),
      keys: { name: card.n.toLowerCase(), mv: mv, type: card.t.toLowerCase(), copies: copies === "any" ? "any" : Number(copies) }
    };
  }

  function table(key) {
    return '<table class="pool" id="identity-' + key + '">' +
      '<thead><tr><th data-key="name">Card</th><th data-key="mv">Cost</th><th data-key="type">Type</th>' +
      '<th data-key="copies" title="Most copies a deck may hold">Copies</th></tr></thead><tbody></tbody></table>';
  }

  // The filter box, then one heading and one empty table per card group; returns [table, rows] pairs.
  function skeleton(box, cards) {
    var byGroup = {};
    cards.forEach(function (card) { (byGroup[card.g] = byGroup[card.g] || []).push(card); });
    var html = '<div class="table-filter"><input type="search" data-filter="identity" placeholder="Filter ' +
      cards.length.toLocaleString() + ' cards by name, type or colour" aria-label="Filter the pool">' +
      '<output data-filter-count="identity"></output></div>';
    var groups = C.groups.filter(function (group) { return byGroup[group[0]]; });
    groups.forEach(function (group) {
      html += '<h3 id="pool-' + group[0] + '">' + group[1] + " <small>" + byGroup[group[0]].length.toLocaleString() +
        "</small></h3>" + table(group[0]);
    });
    box.innerHTML = html;
    return groups.map(function (group) {
      return [box.querySelector("#identity-" + group[0]), byGroup[group[0]].map(row)];
    });
  }

  function start(box) {
    var allowed = box.getAttribute("data-identity") || "";
    C.loadCards(box.getAttribute("data-cards")).then(function (index) {
      var cards = index.cards.filter(function (card) { return card.l && fits(card, allowed); });
      var parts = skeleton(box, cards);
      box.setAttribute("data-cards-shown", String(cards.length));
      C.cardTable({ input: box.querySelector('input[data-filter="identity"]'), parts: parts,
                    output: box.querySelector('output[data-filter-count="identity"]') });
    }, function () {
      box.innerHTML = '<p>The card index could not be loaded: reload the page to try again.</p>';
    });
  }

  C.onBox("identity-pool", start);
})();
