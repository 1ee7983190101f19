/* The leaders index: its rows come from rows.json beside the page (see generator/site/leader_rows.py) and
   are drawn by cardtable.js, a page at a time, with the colour words of colours.js in the filter. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  // A leader's cells, made when its row is first drawn (cardtable.js): most of 2,500 rows never are.
  function cells() {
    var leader = this.leader;
    var root = this.root;
    var types = this.types;
    var colours = leader.c ? leader.c.split("").map(function (c) { return "{" + c + "}"; }).join("") : "{C}";
    var typesCell = leader.x
      ? '<a href="' + root + 'types/">every type</a> but ' + C.escape(this.excluded) + " <small>changeling</small>"
      : leader.t.map(function (i) {
        var t = types[i];
        return '<a href="' + root + "types/" + C.escape(t[1]) + '/">' + C.escape(t[0]) + "</a> <small>" + C.thousands(t[2]) + "</small>";
      }).join(", ");
    var nameCell = '<a href="' + C.escape(this.link) + '"' + (leader.i ? ' data-img="' + C.escape(leader.i) + '"' : "") + ">" + C.escape(leader.n) + "</a>";
    return [[nameCell, '<span class="mana">' + colours + "</span>", String(leader.v), typesCell], ["", "", "", ""]];
  }

  function row(root, excluded, types, leader) {
    var typeNames = leader.x ? [] : leader.t.map(function (i) { return types[i][0]; });
    return {
      leader: leader, root: root, types: types, excluded: excluded, makeCells: cells,
      everyTypeBut: leader.x ? C.filterKey(excluded) : undefined,   // tables.js C.filterMatch: a changeling
      name: leader.n, link: root + "leaders/" + leader.s + "/", img: leader.i || "", colours: leader.c, mv: leader.v,
      text: (leader.n + " " + (leader.x ? "changeling every type" : typeNames.join(" "))).toLowerCase(),
      keys: { name: leader.n.toLowerCase(), colours: leader.c.length * 10 + "WUBRG".indexOf(leader.c.charAt(0)), mv: leader.v,
              types: leader.x ? 1e6 : leader.t.length }
    };
  }

  function start(table) {
    var root = table.getAttribute("data-root") || "../";
    var excluded = table.getAttribute("data-excluded") || "";
    var input = document.querySelector('input[data-filter="leaders"]');
    input.setAttribute("data-ready", "");
    C.loadJson(table.getAttribute("data-rows")).then(function (data) {
      var rows = data.leaders.map(function (leader) { return row(root, excluded, data.types, leader); });
      C.cardTable({ input: input, parts: [[table, rows]], output: document.querySelector('output[data-filter-count="leaders"]'),
                    format: input.getAttribute("data-format") });
    }, function () {
      table.insertAdjacentHTML("afterend", '<p>The leaders could not be loaded. Try reloading the page.</p>');
    });
  }

  C.onPrepare(function () {
    var table = document.querySelector("table#leaders-table[data-rows]:not([data-ready])");
    if (!table) return;
    table.setAttribute("data-ready", "");
    // Off the plain-table script's list: cardtable.js sorts and filters it.
    table.classList.remove("sortable");
    table.removeAttribute("data-filter-scope");
    start(table);
  });
})();
