/* What every other script of the site builds on: one ordered list of things to do on each page, run again
   after every instant navigation, and the unpacking of deferred tables.

   Deferred tables: a type's pool can hold a thousand rows. Shipped as plain HTML, those rows were parsed
   three times per page at build time (Markdown, the search indexer, the theme) and dominated the nightly
   build, so they travel as an HTML comment inside <div class="deferred-table">, which every parser skips in
   one step, and become real tables here, before anything else looks at the page. That also keeps them out
   of search. (Not a <script>: the theme's instant navigation re-runs inline scripts as JavaScript.) */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var steps = [];
  var prepares = [];

  C.unpackTables = function (root) {
    var holders = (root || document).querySelectorAll("div.deferred-table");
    for (var i = 0; i < holders.length; i++) {
      var node = holders[i].firstChild;
      while (node && node.nodeType !== Node.COMMENT_NODE) node = node.nextSibling;
      if (node) holders[i].insertAdjacentHTML("beforebegin", node.data);
      holders[i].remove();
    }
  };

  // 10588 -> "10,588", as the build writes counts. Not toLocaleString: its first call starts the browser's
  // locale machinery, which cost a slow phone 150 ms before the first table could show.
  C.thousands = function (number) {
    return String(number).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  };

  function run(step) {
    try {
      step();
    } catch (error) {
      // One broken step must not leave the others undone.
      if (window.console) window.console.error(error);
    }
  }

  // The prepare steps first: cardtable.js takes the pool tables it draws out of their comments itself.
  function runAll() {
    prepares.forEach(run);
    C.unpackTables(document);
    steps.forEach(run);
  }

  // Register `callback` to run on this page and on every page instant navigation brings in, in the order
  // the scripts registered (mana.js, tables.js, …, as listed in mkdocs.yml).
  C.onPage = function (callback) {
    steps.push(callback);
  };

  // Register `callback` to run before every onPage step and before the deferred tables are unpacked: for
  // scripts that take rows out of the page (cardtable.js) before anything lays it out or draws symbols in it.
  C.onPrepare = function (callback) {
    prepares.push(callback);
  };

  // Start the widget whose box has this id, once per page: instant navigation may run the steps again on
  // a page whose widget is already live.
  C.onBox = function (id, startWidget) {
    C.onPage(function () {
      var box = document.getElementById(id);
      if (box && !box.hasAttribute("data-ready")) {
        box.setAttribute("data-ready", "");
        startWidget(box);
      }
    });
  };

  function start() {
    // Material's instant navigation swaps pages without reloading: document$ emits for each new page.
    if (window.document$ && window.document$.subscribe) window.document$.subscribe(runAll);
    else runAll();
  }

  // Every extra script is loaded by then, so all steps are registered before the first run.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else window.setTimeout(start, 0);
})();
