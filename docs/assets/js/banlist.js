/* A banlist page's long card lists (generator/templates/bans.j2): each ships as a folded, empty table
   (`table[data-rows][data-part]`, a reason code, and `data-status` when only the cards of that status in the base
   pool's format belong there); the rows come from rows.json beside the page (generator/site/ban_rows.py) and
   cardtable.js draws them with the pools' filter box, sort and pictures, the box's words read as every table's
   (tables.js, with the type spellings of the format.json it names: "goblins"). A filter opens the folds it
   finds cards in, once every group is drawn (cardtable.js then writes the count). */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  // Card, Cost, Type: a pool row (pooltables.js) without its copies, which a banned card has none of.
  function cells() {
    var card = this.card;
    return [[C.cardLink(card), '<span class="mana">' + C.escape(card.m) + "</span>", C.escape(card.t)],
            ["", ' data-sort="' + this.mv + '"', ""]];
  }

  function costColours(card) { return C.costColours(card.m); }

  function rows(data, table) {
    var status = table.getAttribute("data-status");
    return (data.parts[table.getAttribute("data-part")] || []).filter(function (card) {
      return !status || card.s === status;
    }).map(function (card) {
      var row = new C.PoolRow(card, costColours);
      row.makeCells = cells;
      return row;
    });
  }

  function openFound(input, tables) {
    if (!input.value.trim()) return;
    tables.forEach(function (table) {
      var none = table.parentNode.querySelector(".none-match");
      if (none && none.hidden) table.closest("details").open = true;
    });
  }

  C.onPrepare(function () {
    var input = document.querySelector('input[data-filter="bans"]:not([data-ready])');
    var tables = Array.prototype.slice.call(document.querySelectorAll("details.card-list table[data-rows][data-part]"));
    var output = document.querySelector('output[data-filter-count="bans"]');
    if (!input || !tables.length) return;
    input.setAttribute("data-ready", "");
    C.loadJson(tables[0].getAttribute("data-rows")).then(function (data) {
      new MutationObserver(function () { openFound(input, tables); }).observe(output, { childList: true });
      C.cardTable({ input: input, output: output, format: input.getAttribute("data-format"),
                    parts: tables.map(function (table) { return [table, rows(data, table)]; }) });
    }, function () {
      input.insertAdjacentHTML("afterend", "<p>The card lists could not be loaded. Try reloading the page.</p>");
    });
  });
})();
