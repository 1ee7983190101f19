/* A type page's pool (generator/templates/type.md.j2): the page ships the filter box and, per card group, a
   heading and an empty table (`table.pool[data-part]`); the rows come from rows.json beside the page
   (generator/site/pool_rows.py, asked for while the page is parsed) and cardtable.js draws them a page at a
   time, as a table or as pictures, with the filters and sort of every pool. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  function costColours(card) { return C.costColours(card.m); }

  function start(input, tables) {
    C.loadJson(tables[0].getAttribute("data-rows")).then(function (data) {
      var parts = tables.map(function (table) {
        var cards = data.parts[table.getAttribute("data-part")] || [];
        return [table, cards.map(function (card) { return new C.PoolRow(card, costColours); })];
      });
      var format = input.getAttribute("data-format");
      C.cardTable({ input: input, parts: parts, output: document.querySelector('output[data-filter-count="pool"]'), format: format,
                    explain: format && C.poolMiss(new URL("cards.json", new URL(format, window.location.href)).href,
                                                  { type: input.getAttribute("data-type") }) });
    }, function () {
      tables[0].insertAdjacentHTML("beforebegin", "<p>The pool could not be loaded. Try reloading the page.</p>");
    });
  }

  // Before the other steps: the filter box is this script's, not the plain tables' (tables.js).
  C.onPrepare(function () {
    var input = document.querySelector('input[data-filter="pool"]:not([data-ready])');
    var tables = Array.prototype.slice.call(document.querySelectorAll("table.pool[data-rows][data-part]"));
    if (!input || !tables.length) return;
    input.setAttribute("data-ready", "");
    start(input, tables);
  });
})();
