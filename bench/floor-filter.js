/* The least a pool page can do (bench_pools.py's floor "a minimal filter"): the pool's JSON, its first 40 rows
   as plain text, and a filter over name and type line by substring. No groups, symbols, links, matcher or
   address: what the page's own scripts add is measured against this. Served by the bench, never by the site. */
(function () {
  "use strict";
  var box = document.getElementById("coalition-unaffiliated");
  function escape(text) {
    return String(text).replace(/[&<>"]/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; });
  }
  fetch("../data/pools/shared.json", { credentials: "same-origin" }).then(function (response) {
    return response.json();
  }).then(function (pool) {
    var cards = pool.cards, keys = null;
    box.innerHTML = '<input type="search" data-filter="shared"><output data-filter-count="shared"></output>' +
      '<table class="pool"><thead><tr><th data-key="mv" aria-sort="ascending"><button>Cost</button></th></tr></thead>' +
      "<tbody></tbody></table>";
    var input = box.querySelector("input"), output = box.querySelector("output"), body = box.querySelector("tbody");
    function draw(list, counted) {
      var html = "";
      for (var i = 0; i < list.length && i < 40; i++) {
        html += "<tr><td>" + escape(list[i].name) + "</td><td>" + escape(list[i].m) + "</td><td>" + escape(list[i].t) + "</td></tr>";
      }
      body.innerHTML = html;
      output.textContent = counted ? list.length + " of " + cards.length + " cards" : cards.length + " cards";
    }
    input.addEventListener("input", function () {
      keys = keys || cards.map(function (card) { return (card.name + " " + card.t).toLowerCase(); });
      var typed = input.value.toLowerCase();
      draw(typed ? cards.filter(function (card, i) { return keys[i].indexOf(typed) >= 0; }) : cards, !!typed);
    });
    draw(cards, false);
    input.setAttribute("data-ready", "");
  });
})();
