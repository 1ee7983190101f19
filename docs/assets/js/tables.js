/* Sortable, filterable tables whose state lives in the URL (?filter=goblin&sort=-mv), so a view can be
   shared. (Not ?q=: the theme's search opens itself on that parameter.)
   A filter box `input[data-filter=S]` narrows every `table[data-filter-scope=S]` of the page; a click on a
   header `th[data-key]` of a `table.sortable` sorts by that column, a second click reverses it. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var rowText = new WeakMap();
  var originalOrder = new WeakMap();

  function param(name) {
    return new URL(window.location.href).searchParams.get(name) || "";
  }

  function setParam(name, value) {
    var url = new URL(window.location.href);
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  }

  function textOf(row) {
    var text = rowText.get(row);
    if (text === undefined) {
      text = row.textContent.toLowerCase();
      rowText.set(row, text);
    }
    return text;
  }

  function applyFilter(scope, query) {
    var words = query.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    var total = 0;
    document.querySelectorAll('table[data-filter-scope="' + scope + '"]').forEach(function (table) {
      var visible = 0;
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        var text = textOf(row);
        var match = words.every(function (word) { return text.indexOf(word) >= 0; });
        row.hidden = !match;
        if (match) visible++;
      });
      table.classList.toggle("no-match", visible === 0);
      // A folded list (<details>) opens when a filter finds rows in it: the answer must be on screen.
      var fold = table.closest("details");
      if (fold && words.length && visible) fold.open = true;
      shown += visible;
      total += table.tBodies[0].rows.length;
    });
    document.querySelectorAll('output[data-filter-count="' + scope + '"]').forEach(function (output) {
      output.textContent = words.length ? C.thousands(shown) + " of " + C.thousands(total) : C.thousands(total);
    });
  }

  function cellKey(row, index) {
    var cell = row.cells[index];
    if (!cell) return "";
    var value = cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent.trim();
    var number = Number(value);
    return value !== "" && !isNaN(number) ? number : value.toLowerCase();
  }

  function compare(a, b) {
    if (typeof a === typeof b) return a < b ? -1 : a > b ? 1 : 0;
    return typeof a === "number" ? -1 : 1; // numbers before text ("any" copies last)
  }

  function sortTable(table, key, descending) {
    var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
    var index = headers.findIndex(function (th) { return th.getAttribute("data-key") === key; });
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    if (!originalOrder.has(table)) originalOrder.set(table, rows.slice());
    headers.forEach(function (th, i) {
      th.setAttribute("aria-sort", i === index ? (descending ? "descending" : "ascending") : "none");
    });
    if (index < 0) rows = originalOrder.get(table).slice();
    else {
      var keyed = rows.map(function (row, position) { return [cellKey(row, index), position, row]; });
      keyed.sort(function (a, b) { return (descending ? -1 : 1) * compare(a[0], b[0]) || a[1] - b[1]; });
      rows = keyed.map(function (entry) { return entry[2]; });
    }
    var fragment = document.createDocumentFragment();
    rows.forEach(function (row) { fragment.appendChild(row); });
    body.appendChild(fragment);
  }

  function applySort(root, value) {
    var descending = value.charAt(0) === "-";
    var key = descending ? value.slice(1) : value;
    root.querySelectorAll("table.sortable").forEach(function (table) { sortTable(table, key, descending); });
  }

  // Wraps each keyed header of `table` in a sort button that calls onSort(key); cardtable.js uses it too.
  C.makeSortButtons = function (table, onSort) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
      var key = th.getAttribute("data-key");
      if (!key || th.querySelector("button")) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener("click", function () { onSort(key); });
    });
  };

  function makeSortable(table) {
    C.makeSortButtons(table, function (key) {
      var current = param("sort");
      var next = current === key ? "-" + key : key;
      setParam("sort", next);
      applySort(document, next);
    });
  }

  function makeFilter(input) {
    var scope = input.getAttribute("data-filter");
    var timer = null;
    // Keep what someone typed before the table was ready (the unaffiliated pool fills in over a few frames).
    input.value = param("filter") || input.value;
    if (input.value) setParam("filter", input.value.trim());
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        setParam("filter", input.value.trim());
        applyFilter(scope, input.value);
      }, 120);
    });
    applyFilter(scope, input.value);
  }

  // Each cell gets its column's title, which a phone shows before the cell once the row folds (cards.css).
  function labelCells(table) {
    var titles = Array.prototype.map.call(table.tHead.rows[0].cells, function (th) { return th.textContent.trim(); });
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      Array.prototype.forEach.call(row.cells, function (cell, i) {
        if (i && titles[i] && !cell.hasAttribute("data-label")) cell.setAttribute("data-label", titles[i]);
      });
    });
  }

  // Enhance every table and filter box under root; safe to call again on content built later.
  C.enhanceTables = function (root) {
    root = root || document;
    root.querySelectorAll("table.data, table.pool").forEach(function (table) {
      if (table.tHead && table.tBodies.length) labelCells(table);
    });
    root.querySelectorAll("table.sortable").forEach(function (table) {
      if (table.tHead && table.tBodies.length) makeSortable(table);
    });
    var sort = param("sort");
    if (sort) applySort(root, sort);
    root.querySelectorAll("input[data-filter]").forEach(function (input) {
      if (input.hasAttribute("data-ready")) return;
      input.setAttribute("data-ready", "");
      makeFilter(input);
    });
  };

  C.onPage(function () { C.enhanceTables(document); });
})();
