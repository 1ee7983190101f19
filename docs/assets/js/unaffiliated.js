/* The unaffiliated pool page: thousands of cards would make one HTML page far too heavy, so the page ships
   empty and the tables come from data/pools/shared.json (each card with what its row shows), grouped by
   card type (pooltables.js) and drawn by cardtable.js a page at a time. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  // shared.json carries each card's row (cards.json's keys): the 5 MB card index is needed only when the
  // pool file is an older one, which names the cards and nothing else.
  function start(box) {
    // The theme waits for the pool on this page (core.js): until its groups and count are first on screen.
    var shown = null;
    C.holdTheme(new Promise(function (resolve) { shown = resolve; }));
    function drawn() {
      if (!shown) return;
      window.requestAnimationFrame(shown.bind(null, undefined));
      shown = null;
    }
    var fallback = function () {
      return C.loadCards(box.getAttribute("data-cards")).then(function (index) {
        return index.cards.filter(function (card) { return card.l && !card.lo && !card.c && !card.a.length; });
      });
    };
    var format = C.poolFormat(box.getAttribute("data-cards"));   // fetched beside the pool, never failing
    C.loadJson(box.getAttribute("data-pool") || "../data/pools/shared.json").then(function (pool) {
      if (!pool.cards.length || pool.cards[0].t !== undefined) {
        return pool.cards.map(function (card) { card.n = card.name; return card; });
      }
      return C.loadCards(box.getAttribute("data-cards")).then(function (index) {
        return pool.cards.map(function (entry) { return index.byName.get(entry.name.toLowerCase()); }).filter(Boolean);
      });
    }, fallback).then(function (cards) {
      return format.then(function (known) {
        // texts.words, as the page's heading. Without a usable format.json no word is guessed: the table is
        // drawn from the pool file all the same, and says the format's data could not be loaded.
        var missing = C.missingWord(known);
        var label = missing ? "Filter the pool" : "Filter the " + C.formatWords(known).unaffiliated_pool;
        C.poolTables(box, cards, { key: "shared", label: C.escape(label), heading: "h2", anchor: "",
                                   cards: box.getAttribute("data-cards"), pool: {}, groups: known.card_groups || [],
                                   colourOf: function (card) { return C.costColours(card.m); }, drawn: drawn });
        if (missing) {
          box.insertAdjacentHTML("afterbegin", '<p class="format-unread" role="status">The format\u2019s data ' +
            "(format.json) could not be loaded, so its words and card groups are missing here: reloading the page may mend it.</p>");
        }
      });
    }, function () {
      drawn();
      box.innerHTML = '<p>The card index could not be loaded. The pool as plain text: <a href="../data/pools/shared.txt">shared.txt</a>.</p>';
    });
  }

  C.onBox("coalition-unaffiliated", start);
})();
