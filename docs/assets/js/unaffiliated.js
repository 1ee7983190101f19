/* The unaffiliated pool page: thousands of cards would make one HTML page far too heavy, so the page ships
   empty and the table is built here from data/pools/shared.json (which cards) and data/cards.json (their
   facts), grouped by card type, then made filterable and sortable like every other table. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  // Mana value from the cost, for sorting: the index carries the cost, not the value.
  function manaValue(cost) {
    var total = 0;
    (cost.split(" // ")[0].match(/\{[^}]+\}/g) || []).forEach(function (symbol) {
      var inner = symbol.slice(1, -1);
      var number = parseFloat(inner);
      if (!isNaN(number)) total += number;
      else if (!/^[XYZ]$/.test(inner)) total += /^2\//.test(inner) ? 2 : 1;
    });
    return total;
  }

  function row(card) {
    return "<tr><td>" + C.cardLink(card) + '</td><td data-sort="' + manaValue(card.m) + '"><span class="mana">' +
      C.escape(card.m) + "</span></td><td>" +
      C.escape(card.t) + "</td><td>" + C.copies(card) + "</td></tr>";
  }

  function table(key, cards) {
    return '<table class="pool sortable" id="shared-' + key + '" data-filter-scope="shared">' +
      '<thead><tr><th data-key="name">Card</th><th data-key="mv">Cost</th><th data-key="type">Type</th>' +
      '<th data-key="copies">Copies</th></tr></thead><tbody>' + cards.map(row).join("") + "</tbody></table>";
  }

  function render(cards) {
    var byGroup = {};
    cards.forEach(function (card) { (byGroup[card.g] = byGroup[card.g] || []).push(card); });
    var html = '<div class="table-filter"><input type="search" data-filter="shared" placeholder="Filter ' +
      cards.length.toLocaleString() + ' cards by name or type" aria-label="Filter the unaffiliated pool">' +
      '<output data-filter-count="shared"></output></div>';
    C.groups.forEach(function (group) {
      var rows = byGroup[group[0]];
      if (!rows) return;
      html += '<h2 id="' + group[0] + '">' + group[1] + " <small>" + rows.length.toLocaleString() + "</small></h2>" +
        table(group[0], rows);
    });
    return html;
  }

  // Which cards: the shared pool file when present, else the same rule applied to the index.
  function members(box, index) {
    return C.loadJson(box.getAttribute("data-pool") || "../data/pools/shared.json").then(function (pool) {
      return pool.cards.map(function (entry) { return index.byName.get(entry.name.toLowerCase()); }).filter(Boolean);
    }, function () {
      return index.cards.filter(function (card) { return card.l && !card.lo && !card.c && !card.a.length; });
    });
  }

  function start(box) {
    C.loadCards(box.getAttribute("data-cards")).then(function (index) {
      return members(box, index);
    }).then(function (cards) {
      box.innerHTML = render(cards);
      C.enhanceTables(box);
      C.mana(box);
    }, function () {
      box.innerHTML = '<p>The card index could not be loaded. The pool as plain text: <a href="../data/pools/shared.txt">shared.txt</a>.</p>';
    });
  }

  C.onPage(function () {
    var box = document.getElementById("coalition-unaffiliated");
    if (box && !box.hasAttribute("data-ready")) {
      box.setAttribute("data-ready", "");
      start(box);
    }
  });
})();
