/* Sortable, filterable tables whose state lives in the URL (?filter=goblin&sort=-mv), so a view can be
   shared. (Not ?q=: the theme's search opens itself on that parameter.)
   A filter box `input[data-filter=S]` narrows every `table[data-filter-scope=S]` of the page; a click on a
   header `th[data-key]` of a `table.sortable` sorts by that column, a second click reverses it. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var rowText = new WeakMap();
  var originalOrder = new WeakMap();
  var formsLoaded = {};

  function param(name) {
    return new URL(window.location.href).searchParams.get(name) || "";
  }

  function setParam(name, value) {
    var url = new URL(window.location.href);
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  }

  // Filter words, every table's (these plain ones and cardtable.js's): keyed as the one name matcher keys
  // names (names.js: no case, accents or punctuation; "lim-dul" is "lim dul", "fire/ice" "fire ice"). Each
  // word begins a word of the row, or, of INSIDE_FROM letters or more, stands anywhere inside one ("walker":
  // Planeswalker, "bringer": Boltbringer, "shifter": Shapeshifter); a spelling of a creature type the build
  // knows (format.json type_forms: "goblins", "elves", "mice") also stands for that type. Or the words
  // together are inside the row's name ("goyf": Tarmogoyf). Short words only at a word's start: "sol ring"
  // found General Kreat, the Boltbringer (a Goblin Soldier) when any word could match inside any other.
  // Six, not four or five, from the modern cards' names and types: at four "ring" is inside Boltbringer
  // again, at five "chant" found every Enchantment, "night" every Knight and "angel" every changeling.
  var INSIDE_FROM = 6;

  function keyOf(text) {
    return C.names ? C.names.key(text) : String(text).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  }

  // What a filter box's count says, every table's (these plain ones and cardtable.js's): what it counts in the
  // words its <output> names (`data-noun`, `data-noun-one` for one: the format's own, as "heroes"), "541 cards"
  // at rest and "29 of 10,573 cards" once narrowed. A number alone left the reader to guess what it counted.
  C.countSaid = function (output, shown, total, narrowed) {
    var noun = output.getAttribute(total === 1 ? "data-noun-one" : "data-noun") || output.getAttribute("data-noun") || "";
    return (narrowed ? C.thousands(shown) + " of " : "") + C.thousands(total) + (noun ? " " + noun : "");
  };

  // A row's text as the filter reads it: keyed, a space either side.
  C.filterKey = function (text) { return " " + keyOf(text) + " "; };

  // words: the filter's plain words (colour words taken out); forms: {keyed spelling: keyed type} or null.
  // `types` holds, word by word, the type the word spells (keyed, a space either side), else null.
  C.filterQuery = function (words, forms) {
    var whole = keyOf(words.join(" "));
    var parts = whole ? whole.split(" ") : [];
    var types = parts.map(function (word) {
      return forms && Object.prototype.hasOwnProperty.call(forms, word) ? forms[word] : null;
    });
    return { whole: whole, types: types.map(function (type) { return type && " " + type + " "; }),
             words: parts.map(function (word, i) {
               return (types[i] && types[i] !== word ? [word, types[i]] : [word]).map(function (way) {
                 return way.length >= INSIDE_FROM ? way : " " + way;   // the row's key has a space before every word
               });
             }) };
  };

  // rowKey, nameKey: C.filterKey of the row's text and of its name. everyTypeBut (optional): C.filterKey of
  // the one type a row that holds every creature type lacks, the format's excluded type: a changeling leader
  // leads every type but that one (as the type pages count it), so every other type word finds it.
  C.filterMatch = function (query, rowKey, nameKey, everyTypeBut) {
    if (!query.whole) return true;
    if (nameKey && nameKey.indexOf(query.whole) >= 0) return true;
    return query.words.every(function (ways, w) {
      var type = query.types[w];
      if (type && everyTypeBut !== undefined && type !== everyTypeBut) return true;
      for (var i = 0; i < ways.length; i++) if (rowKey.indexOf(ways[i]) >= 0) return true;
      return false;
    });
  };

  // A big table's row ({name, text: lower case, starting with the name}) keyed for the filter once: its
  // filterKey and nameKey. The name is keyed once, for both; the rest of the text (a type line, mostly: a
  // pool of 7,000 cards has a few hundred) once per page. (Keying many texts joined in one pass measured
  // no faster: the regular expressions are not what costs.)
  var restKeys = new Map();
  C.keyRow = function (row) {
    var name = row.name.toLowerCase();
    row.nameKey = C.filterKey(row.name);
    if (row.text.indexOf(name) !== 0) {
      row.filterKey = C.filterKey(row.text);
      return;
    }
    var rest = row.text.slice(name.length), keyed = C.names ? restKeys.get(rest) : undefined;
    if (keyed === undefined) {
      keyed = C.filterKey(rest).slice(1);
      if (C.names) restKeys.set(rest, keyed);   // names.js's key, not the fallback before it is loaded
    }
    row.filterKey = row.nameKey + keyed;
  };

  // Every row keyed in slices of about 50 ms between frames, from when the filter box gets the focus: 10,000
  // rows took 65 ms unthrottled, which the first key typed into the unaffiliated pool's filter paid on top
  // of its answer.
  C.keyRows = function (rows) {
    var next = 0;
    (function slice() {
      var start = performance.now();
      while (next < rows.length && performance.now() - start < 50) {
        for (var end = Math.min(next + 200, rows.length); next < end; next++) if (rows[next].filterKey === undefined) C.keyRow(rows[next]);
      }
      if (next < rows.length) setTimeout(slice, 0);
    })();
  };

  // The spellings of creature types of the format.json at `url`, keyed (null when it has none or fails):
  // the plurals are the build's (data/cards/creature_types.yml), not guessed here. Fetched once per URL.
  C.typeForms = function (url) {
    if (!url) return Promise.resolve(null);
    if (!formsLoaded[url]) {
      formsLoaded[url] = fetch(new URL(url, window.location.href).href).then(function (response) {
        if (!response.ok) throw new Error(url + ": " + response.status);
        return response.json();
      }).then(function (format) {
        var keyed = {};
        Object.keys(format.type_forms || {}).forEach(function (form) { keyed[keyOf(form)] = keyOf(format.type_forms[form]); });
        return keyed;
      }, function () { delete formsLoaded[url]; return null; });
    }
    return formsLoaded[url];
  };

  function textOf(row) {
    var text = rowText.get(row);
    if (text === undefined) {
      text = [C.filterKey(row.textContent), C.filterKey(row.cells[0] ? row.cells[0].textContent : "")];
      rowText.set(row, text);
    }
    return text;
  }

  function applyFilter(scope, text, forms) {
    var words = text.split(/\s+/).filter(Boolean);
    var query = C.filterQuery(words, forms);
    var shown = 0;
    var total = 0;
    document.querySelectorAll('table[data-filter-scope="' + scope + '"]').forEach(function (table) {
      var visible = 0;
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        var keys = textOf(row);
        var match = C.filterMatch(query, keys[0], keys[1]);
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
      output.textContent = C.countSaid(output, shown, total, words.length > 0);
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

  // The type spellings are asked for once there is something to filter: the filter answers at once, and
  // again with them once they are in.
  function makeFilter(input) {
    var scope = input.getAttribute("data-filter");
    var timer = null;
    var forms = null, known = null;
    function answer() {
      applyFilter(scope, input.value, known);
      if (forms || !input.value.trim()) return;
      forms = C.typeForms(input.getAttribute("data-format")).then(function (loaded) {
        known = loaded;
        if (loaded && input.value.trim()) applyFilter(scope, input.value, loaded);
      });
    }
    // Keep what someone typed before the table was ready (the unaffiliated pool fills in over a few frames).
    input.value = param("filter") || input.value;
    if (input.value) setParam("filter", input.value.trim());
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        setParam("filter", input.value.trim());
        answer();
      }, 120);
    });
    answer();
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
