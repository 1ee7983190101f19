/* The unaffiliated pool page: thousands of cards would make one HTML page far too heavy, so the page ships
   empty and the tables come from data/pools/shared.json (each card with what its row shows), grouped by
   card type and drawn by cardtable.js a page at a time. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  // One card's row for cardtable.js. What only a sort, a colour or mana value choice or a first drawing needs
  // is worked out then, once: most of 10,000 rows never need it.
  function PoolRow(card) {
    this.card = card;
    this.name = card.n;
    this.link = card.u || "#";
    this.img = card.img || "";
    this.text = (card.n + " " + card.t).toLowerCase();
  }

  function once(name, make) {
    Object.defineProperty(PoolRow.prototype, name, {
      get: function () {
        var value = make.call(this);
        Object.defineProperty(this, name, { value: value, writable: true });
        return value;
      }
    });
  }

  once("mv", function () { return C.manaValue(this.card.m); });
  once("colours", function () { return C.costColours(this.card.m); });
  once("keys", function () {
    var card = this.card;
    return { name: card.n.toLowerCase(), mv: this.mv, type: card.t.toLowerCase(),
             copies: card.x === null || card.x === undefined ? "any" : card.x };
  });
  PoolRow.prototype.makeCells = function () {
    var card = this.card;
    return [[C.cardLink(card), '<span class="mana">' + C.escape(card.m) + "</span>", C.escape(card.t), C.copies(card)],
            ["", ' data-sort="' + this.mv + '"', "", ""]];
  };

  function row(card) {
    return new PoolRow(card);
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
      C.thousands(cards.length) + ' cards by name, type or colour" aria-label="Filter the unaffiliated pool">' +
      '<output data-filter-count="shared"></output></div>';
    var groups = C.groups.filter(function (group) { return byGroup[group[0]]; });
    groups.forEach(function (group) {
      html += '<h2 id="' + group[0] + '">' + group[1] + " <small>" + C.thousands(byGroup[group[0]].length) +
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
