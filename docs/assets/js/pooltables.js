/* What the pool pages drawn from JSON share (unaffiliated.js, identitypool.js, typepool.js): a card's row for
   cardtable.js, and the filter box with one heading and one empty table per card group. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  // One card's row. What only a sort, a colour or mana value choice or a first drawing needs is worked out
  // then, once: most of 10,000 rows never need it. `colourOf(card)` gives the colours the colour filter reads.
  // A type's pool (typepool.js) adds a column: why the card is in ("w"), and why its copy limit ("xr").
  function PoolRow(card, colourOf) {
    this.card = card;
    this.colourOf = colourOf;
    this.name = card.n;
    this.link = card.u || "#";
    this.img = card.img || "";
    this.text = (card.n + " " + card.t + (card.w ? " " + card.w : "")).toLowerCase();
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
  once("colours", function () { return this.colourOf(this.card); });
  once("keys", function () {
    var card = this.card;
    return { name: card.n.toLowerCase(), mv: this.mv, type: card.t.toLowerCase(),
             copies: card.x === null || card.x === undefined ? "any" : card.x, why: (card.w || "").toLowerCase() };
  });
  PoolRow.prototype.makeCells = function () {
    var card = this.card;
    var cells = [C.cardLink(card), '<span class="mana">' + C.escape(card.m) + "</span>", C.escape(card.t), C.copies(card)];
    var attrs = ["", ' data-sort="' + this.mv + '"', "", card.xr ? ' title="' + C.escape(card.xr) + '"' : ""];
    if (card.w !== undefined) {
      cells.push(C.escape(card.w));
      attrs.push("");
    }
    return [cells, attrs];
  };
  C.PoolRow = PoolRow;

  function table(id) {
    return '<table class="pool" id="' + id + '">' +
      '<thead><tr><th data-key="name">Card</th><th data-key="mv">Cost</th><th data-key="type">Type</th>' +
      '<th data-key="copies" title="Most copies a deck may hold">Copies</th></tr></thead><tbody></tbody></table>';
  }

  // Into `box`: the filter box, then per card group a heading and an empty table; then cardtable.js draws
  // them. spec: key (the filter's and the tables' name), label (the filter's), heading ("h2" or "h3"),
  // anchor (the headings' id prefix), colourOf, drawn (optional, see cardtable.js).
  C.poolTables = function (box, cards, spec) {
    var byGroup = {};
    cards.forEach(function (card) { (byGroup[card.g] = byGroup[card.g] || []).push(card); });
    var html = '<div class="table-filter"><input type="search" data-filter="' + spec.key + '" placeholder="Filter ' +
      C.thousands(cards.length) + ' cards by name, type or color" aria-label="' + spec.label + '">' +
      '<output data-filter-count="' + spec.key + '"></output></div>';
    var groups = C.groups.filter(function (group) { return byGroup[group[0]]; });
    groups.forEach(function (group) {
      html += "<" + spec.heading + ' id="' + spec.anchor + group[0] + '">' + group[1] + " <small>" +
        C.thousands(byGroup[group[0]].length) + "</small></" + spec.heading + ">" + table(spec.key + "-" + group[0]);
    });
    box.innerHTML = html;
    var parts = groups.map(function (group) {
      return [box.querySelector("#" + spec.key + "-" + group[0]),
              byGroup[group[0]].map(function (card) { return new PoolRow(card, spec.colourOf); })];
    });
    C.cardTable({ input: box.querySelector('input[data-filter="' + spec.key + '"]'), parts: parts,
                  output: box.querySelector('output[data-filter-count="' + spec.key + '"]'), drawn: spec.drawn });
  };
})();
