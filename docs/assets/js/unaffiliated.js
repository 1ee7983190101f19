/* The unaffiliated pool page: thousands of cards would make one HTML page far too heavy, so the page ships
   empty and the tables come from data/pools/shared.json (each card with what its row shows), grouped by
   card type and drawn by cardtable.js a page at a time. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  // What a row shows, made only when it is first drawn (cardtable.js): most of 10,000 rows never are.
  function cells() {
    var card = this.card;
    return [[C.cardLink(card), '<span class="mana">' + C.escape(card.m) + "</span>", C.escape(card.t), C.copies(card)],
            ["", ' data-sort="' + this.mv + '"', "", ""]];
  }

  function row(card) {
    var mv = C.manaValue(card.m);
    var name = card.n;
    return {
      card: card, makeCells: cells, name: name, link: card.u || "#", img: card.img || "", colours: C.costColours(card.m), mv: mv,
      text: (name + " " + card.t).toLowerCase(),
      keys: { name: name.toLowerCase(), mv: mv, type: card.t.toLowerCase(), copies: card.x === null || card.x === undefined ? "any" : card.x }
    };
  }

  function table(key) {
    return '<table class="pool" id="shared-' + key + '">' +
      '<thead><tr><th data-key="name">Card</th><th data-key="mv">Cost</th><th data-key="type">Type</th>' +
      '<th data-key="copies" title="Most copies a deck may hold">Copies</th></tr></thead><tbody></tbody></table>';
  }

  // The filter box, then one heading and one empty table per card group; returns [table, rows] pairs.
  function skeleton(box, cards) {
    var byGroup = {};
    cards.forEach(function (card) { (byGroup[card.g] = byGroup[card.g] || []).push(card); });
    var html = '<div class="table-filter"><input type="search" data-filter="shared" placeholder="Filter ' +
      cards.length.toLocaleString() + ' cards by name, type or colour" aria-label="Filter the unaffiliated pool">' +
      '<output data-filter-count="shared"></output></div>';
    var groups = C.groups.filter(function (group) { return byGroup[group[0]]; });
    groups.forEach(function (group) {
      html += '<h2 id="' + group[0] + '">' + group[1] + " <small>" + byGroup[group[0]].length.toLocaleString() +
        "</small></h2>" + table(group[0]);
    });
    box.innerHTML = html;
    return groups.map(function (group) {
      return [box.querySelector("#shared-" + group[0]), byGroup[group[0]].map(row)];
    });
  }

  // shared.json carries each card's row (cards.json's keys): the 5 MB card index is needed only when the
  // pool file is an older one, which names the cards and nothing else.
  function start(box) {
    var fallback = function () {
      return C.loadCards(box.getAttribute("data-cards")).then(function (index) {
        return index.cards.filter(function (card) { return card.l && !card.lo && !card.c && !card.a.length; });
      });
    };
    C.loadJson(box.getAttribute("data-pool") || "../data/pools/shared.json").then(function (pool) {
      if (!pool.cards.length || pool.cards[0].t !== undefined) {
        return pool.cards.map(function (card) { card.n = card.name; return card; });
      }
      return C.loadCards(box.getAttribute("data-cards")).then(function (index) {
        return pool.cards.map(function (entry) { return index.byName.get(entry.name.toLowerCase()); }).filter(Boolean);
      });
    }, fallback).then(function (cards) {
      var parts = skeleton(box, cards);
      C.cardTable({ input: box.querySelector('input[data-filter="shared"]'), parts: parts,
                    output: box.querySelector('output[data-filter-count="shared"]') });
    }, function () {
      box.innerHTML = '<p>The card index could not be loaded. The pool as plain text: <a href="../data/pools/shared.txt">shared.txt</a>.</p>';
    });
  }

  C.onBox("coalition-unaffiliated", start);
})();
