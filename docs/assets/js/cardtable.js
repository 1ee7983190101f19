/* Big card tables (a type's pool, the unaffiliated pool, the leaders index) drawn from rows held in memory:
   only the first PAGE matching rows of each table are in the page ("Show more" adds the next), so thousands
   of cards filter and sort at once, and a phone never lays out a 239,000 px page.

   Above the tables: the filter box (words; colour words as colours.js reads them), colour buttons (the deck's
   colours: cards whose colours all are among the chosen ones; colourless cards always fit), a mana value
   choice, and Table / Pictures (a grid of small Scryfall images). Every choice lives in the URL
   (?filter=&colours=RG&mv=3&sort=-mv&view=grid: tableaddress.js), so a view can be shared and survives a reload.

   A row: {cells: [html], attrs: [attributes of each <td>], keys: {column key: sort value}, text (lower case),
   colours ("RG"), mv, name, link, img (normal-size image URL or "")}. Instead of cells and attrs, a row may
   carry makeCells(), returning [cells, attrs] when the row is first drawn: most rows of a big pool never are.
   Mana costs in cells are `<span class="mana">{2}{R}</span>`; their symbols are drawn in the same string.
   A table's group (its heading, hidden while a choice empties it; the count's words of where the matches are;
   the one note when no group has any): cardgroups.js. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var PAGE = 100;
  var FIRST_ROWS = 40;   // rows drawn at once on a first drawing: more than a screen holds
  // The groups drawn after the first frame go in idle callbacks of about this long: one group per callback
  // made a frame after each, and every frame walks the whole page (9 frames for a filter on a big type page).
  var SLICE_MS = 50;
  var MV_CHOICES = ["0", "1", "2", "3", "4", "5", "6", "7"];

  function compare(a, b) {
    if (typeof a === typeof b) return a < b ? -1 : a > b ? 1 : 0;
    return typeof a === "number" ? -1 : 1; // numbers before text ("any" copies last)
  }

  // Scryfall's small image (146 x 204) of a normal-size image URL.
  C.smallImage = function (url) {
    return url ? url.replace("/normal/", "/small/") : "";
  };

  // forms: the format's type spellings, keyed (tables.js C.typeForms), or null.
  function matcher(state, forms) {
    var parsed = C.colourFilter(state.filter);   // colours.js: the one reading of colour words
    var tests = parsed.tests;
    var query = C.filterQuery(parsed.words, forms);   // tables.js: the one reading of the other words
    var mv = state.mv === "" ? null : Number(state.mv);
    return function (row) {
      if (mv !== null && (mv === 7 ? row.mv < 7 : row.mv !== mv)) return false;
      if (state.colours && !row.colours.split("").every(function (c) { return state.colours.indexOf(c) >= 0; })) return false;
      for (var i = 0; i < tests.length; i++) if (!C.colourMatch(tests[i], row.colours)) return false;
      if (!query.whole) return true;
      if (row.filterKey === undefined) C.keyRow(row);
      return C.filterMatch(query, row.filterKey, row.nameKey, row.everyTypeBut);
    };
  }

  // labels: the column titles, which a phone shows before each folded cell (cards.css).
  // The row's HTML is made once and kept: sorting and filtering redraw the same rows again and again.
  function rowHtml(row, labels) {
    if (row.html === undefined) {
      if (!row.cells) {
        var made = row.makeCells();
        row.cells = made[0];
        row.attrs = made[1];
      }
      var html = "<tr>";
      for (var i = 0; i < row.cells.length; i++) {
        html += "<td" + (row.attrs[i] || "") + (i && labels[i] ? ' data-label="' + labels[i] + '"' : "") + ">" + row.cells[i] + "</td>";
      }
      row.html = C.manaSpansHtml ? C.manaSpansHtml(html + "</tr>") : html + "</tr>";
    }
    return row.html;
  }

  function tileHtml(row) {
    if (!row.img) return '<li><a class="card-frame text-tile" href="' + C.escape(row.link) + '" data-name="' +
      C.escape(row.name) + '">' + tileText(row) + "</a></li>";
    return '<li><a class="card-frame" href="' + C.escape(row.link) + '" data-name="' + C.escape(row.name) + '" data-img="' +
      C.escape(row.img) + '" aria-label="' + C.escape(row.name) + '"><img src="' + C.escape(C.smallImage(row.img)) +
      '" alt="' + C.escape(row.name) + '" width="146" height="204" loading="lazy" decoding="async"></a></li>';
  }

  // A card with no image (today's cards shaped for the 2025 rules have none yet): its name, cost and type line
  // as words in the card's shape, read out as they are; a tap on a touch screen shows them large (preview.js).
  function tileText(row) {
    var card = row.card || {};
    var html = '<span class="tile-text"><strong>' + C.escape(row.name) + "</strong>" +
      (card.m ? ' <span class="mana">' + C.escape(card.m) + "</span>" : "") +
      (card.t ? ' <span class="tile-type">' + C.escape(card.t) + "</span>" : "") + "</span>";
    return C.manaSpansHtml ? C.manaSpansHtml(html) : html;
  }

  function controlsHtml(state) {
    var chips = "WUBRG".split("").map(function (c) {
      return '<button type="button" class="colour-chip" data-colour="' + c + '" aria-pressed="' +
        (state.colours.indexOf(c) >= 0) + '" title="' + { W: "White", U: "Blue", B: "Black", R: "Red", G: "Green" }[c] +
        '"><span class="mana">{' + c + "}</span></button>";
    }).join("");
    var options = '<option value="">any</option>' + MV_CHOICES.map(function (v) {
      return '<option value="' + v + '"' + (state.mv === v ? " selected" : "") + ">" + (v === "7" ? "7+" : v) + "</option>";
    }).join("");
    var views = [["table", "Table"], ["grid", "Pictures"]].map(function (pair) {
      return '<button type="button" data-view="' + pair[0] + '" aria-pressed="' + (state.view === pair[0]) + '">' + pair[1] + "</button>";
    }).join("");
    return '<div class="table-controls">' +
      '<span class="colour-chips" role="group" aria-label="Deck colors: cards castable with these">' + chips + "</span>" +
      '<label class="mv-choice">Mana value <select data-mv>' + options + "</select></label>" +
      '<span class="view-switch" role="group" aria-label="Show as">' + views + "</span></div>";
  }

  function sortRows(rows, sort) {
    if (!sort) return rows;
    var descending = sort.charAt(0) === "-";
    var key = descending ? sort.slice(1) : sort;
    var keyed = rows.map(function (row, position) { return [row.keys[key], position, row]; });
    keyed.sort(function (a, b) { return (descending ? -1 : 1) * compare(a[0], b[0]) || a[1] - b[1]; });
    return keyed.map(function (entry) { return entry[2]; });
  }

  // One table (and its grid twin) of the widget. `nouns`: the element whose data-noun says what the rows are
  // (the filter's count: "cards", the format's "heroes"), or null.
  function part(table, rows, nouns) {
    var grid = document.createElement("ul");
    grid.className = "card-grid";
    grid.hidden = true;
    var more = document.createElement("button");
    more.type = "button";
    more.className = "show-more";
    table.classList.remove("sortable");
    table.classList.add("paged");
    grid.classList.add("paged");
    table.removeAttribute("data-filter-scope");
    table.insertAdjacentElement("afterend", more);
    table.insertAdjacentElement("afterend", grid);
    var none = document.createElement("p");
    none.className = "none-match";
    none.hidden = true;
    // A table says what it lists (data-none: "No leader matches."); a pool's group, that it is a group.
    none.textContent = table.getAttribute("data-none") || "No card in this group matches.";
    more.insertAdjacentElement("afterend", none);
    var labels = Array.prototype.map.call(table.tHead.rows[0].cells, function (th) { return C.escape(th.textContent.trim()); });
    var group = C.tableGroup(table);   // cardgroups.js: its heading, or null
    return { table: table, body: table.tBodies[0], grid: grid, more: more, none: none, rows: rows, limit: PAGE,
             matching: [], labels: labels, group: group, count: group && group.count, nouns: nouns };
  }

  // A group's heading says how many of its cards the filters keep, in the words of the filter's count ("29 of
  // 444 cards"); an emptied group says so under it, unless it is folded away
  // (cardgroups.js) or every group is empty (the table's one note says it).
  function drawCount(each) {
    if (each.count) each.count.textContent = C.groupCountSaid(each);   // cardgroups.js: the page's links say it too
    each.none.hidden = each.matching.length > 0 || each.allEmpty || Boolean(each.group && each.group.folded);
  }

  function draw(state, each) {
    var view = state.view === "grid" ? "grid" : "table";
    var visible = each.matching.slice(0, each.limit);
    each.table.hidden = view !== "table" || !each.matching.length;
    each.grid.hidden = view !== "grid" || !each.matching.length;
    if (view === "grid") each.grid.innerHTML = visible.map(tileHtml).join("");
    else {
      each.body.innerHTML = visible.map(function (row) { return rowHtml(row, each.labels); }).join("");
      if (C.mana) C.mana(each.body);
    }
    drawCount(each);
    var left = each.matching.length - visible.length;
    each.more.hidden = left <= 0;
    each.more.textContent = "Show " + C.thousands(Math.min(PAGE, left)) + " more (" + C.thousands(left) + " not shown)";
  }

  // How many different cards lists of rows hold, by name: a card on two of a page's lists (a banlist's Reserved
  // List and its base pool's banlist; Coalition's Reserved List and legendary cards) counts once.
  function differentCards(lists) {
    var names = new Set();
    lists.forEach(function (rows) { rows.forEach(function (row) { names.add(row.name); }); });
    return names.size;
  }

  // The heading of the first group the choices leave cards in (cardgroups.js), or null: where an address naming
  // a group they emptied lands (tableaddress.js land).
  function firstShown(parts) {
    var shown = parts.filter(function (each) { return each.matching.length; })[0];
    return shown && shown.group ? shown.group.heading : null;
  }

  // A group waiting to be drawn (see C.cardTable) says so to assistive technology and to the tests.
  function busy(each, waiting) {
    [each.table, each.grid].forEach(function (element) {
      if (waiting) element.setAttribute("aria-busy", "true");
      else element.removeAttribute("aria-busy");
    });
  }

  // spec: {input: the filter box, parts: [[table, rows]], output: count element or null, drawn: called each
  // time every group and the count show the latest choice (optional), distinct: true when no card is in two
  // parts (optional)}
  C.cardTable = function (spec) {
    var address = new C.TableAddress(spec.input);
    var param = address.param.bind(address);
    var state = { filter: param("filter"), colours: param("colours").toUpperCase(), mv: param("mv"),
                  sort: param("sort"), view: param("view") === "grid" ? "grid" : "table" };
    var parts = spec.parts.map(function (pair) { return part(pair[0], pair[1], spec.output || null); });
    // Groups that share no card (a pool's, spec.distinct) count their rows; others count names, once per choice.
    var rowCount = function (lists) { return lists.reduce(function (sum, rows) { return sum + rows.length; }, 0); };
    var cardsIn = spec.distinct ? rowCount : differentCards;
    var total = cardsIn(parts.map(function (each) { return each.rows; }));
    var allRows = [].concat.apply([], parts.map(function (each) { return each.rows; }));
    spec.input.setAttribute("data-ready", "");
    spec.input.value = state.filter;
    spec.input.insertAdjacentHTML("afterend", controlsHtml(state));
    var controls = spec.input.parentNode.querySelector(".table-controls");
    if (C.mana) C.mana(controls);
    var allEmpty = document.createElement("p");
    allEmpty.className = "none-match all-empty";
    allEmpty.setAttribute("role", "status");
    allEmpty.hidden = true;
    controls.insertAdjacentElement("afterend", allEmpty);

    // The groups more than a screen below the one in view are drawn when the page is next idle, in slices of
    // SLICE_MS, so a click or a key shows its answer where the reader looks first, with its count (the count
    // is of every group: it is known before they are drawn). A key typed meanwhile is answered first: in
    // timed tasks, each group waiting from the first drawing held up the first key by a slice. Until it is
    // drawn, a waiting group's table says it is busy (aria-busy).
    var later = null;

    function farBelow(each) {
      var box = (state.view === "grid" ? each.grid : each.table).getBoundingClientRect();
      return box.height > 0 && box.top > 2 * window.innerHeight;
    }

    // Which groups wait. Before the first drawing there is no layout worth reading (reading it cost a slow phone
    // a whole layout of the page): the groups after the first screenfuls of rows wait, told by their counts.
    var drawn = false, landed = false, raise = false;
    function farParts() {
      if (drawn) return parts.map(farBelow);
      drawn = true;
      var rows = 0;
      return parts.map(function (each) {
        var far = rows >= FIRST_ROWS;
        rows += Math.min(each.matching.length, each.limit);
        return far;
      });
    }

    // The format's type spellings (tables.js) are asked for once a filter is typed; its answer comes at once,
    // in the frame, and again with them once they are in.
    var forms = null, known = null;
    function refresh(keepLimits) {
      redraw(keepLimits, known);
      if (forms || !spec.format || !state.filter.trim()) return;
      forms = C.typeForms(spec.format).then(function (loaded) {
        known = loaded;
        if (loaded && state.filter.trim()) redraw(true, loaded);
      });
    }

    function redraw(keepLimits, known) {
      var match = matcher(state, known);
      var shown = 0;
      C.cancelIdle(later);
      parts.forEach(function (each) {
        if (!keepLimits) each.limit = PAGE;
        each.matching = sortRows(each.rows.filter(match), state.sort);
        shown += each.matching.length;
      });
      parts.forEach(function (each) { each.allEmpty = shown === 0; });
      allEmpty.hidden = shown > 0;
      if (shown === 0) {
        C.emptyNote(allEmpty, parts, state.filter, function (name) {
          spec.input.value = name;
          update({ filter: name });
        }, spec.explain);
      }
      var far = farParts();   // read before anything is drawn: no layout forced
      var narrowed = Boolean(state.filter || state.colours || state.mv);
      C.foldGroups(parts, narrowed);
      var waiting = [];
      parts.forEach(function (each, i) {
        var wait = far[i] && each.matching.length > 0;   // an emptied group is hidden at once, with its heading
        busy(each, wait);
        if (wait) waiting.push(each);
        else draw(state, each);
      });
      headers(state.sort);
      var kept = cardsIn(parts.map(function (each) { return each.matching; }));
      if (spec.output) spec.output.textContent = C.countSaid(spec.output, kept, total, narrowed) + C.groupsSaid(parts, narrowed);
      (function next() {
        if (!waiting.length) {
          if (spec.drawn) spec.drawn();
          if (!landed) address.land(firstShown(parts));
          landed = true;
          if (raise) address.raise();
          raise = false;
          return;
        }
        later = C.whenIdle(function () {
          var start = performance.now();
          do {
            var each = waiting.shift();
            draw(state, each);
            busy(each, false);
          } while (waiting.length && performance.now() - start < SLICE_MS);
          next();
        }, 1000);
      })();
    }

    function headers(sort) {
      var key = sort.replace(/^-/, "");
      parts.forEach(function (each) {
        Array.prototype.forEach.call(each.table.tHead.rows[0].cells, function (th) {
          th.setAttribute("aria-sort", th.getAttribute("data-key") === key ? (sort.charAt(0) === "-" ? "descending" : "ascending") : "none");
        });
      });
    }

    // A choice made while the address names no place of the tables (the leaders above them, or nothing) writes
    // the tables' place, and brings them to the top of the screen once drawn: the page then shows what its
    // address says, and the theme, which names the section at the top as the page scrolls, says it too.
    // The address is written in the task after the answer (once the frame showing it is drawn): replaceState
    // in the same task held a slow phone's every answer back by about 30 ms of a 4x-slowed CPU.
    var writing = false, home = window.location.pathname;
    function update(change, keepLimits) {
      Object.keys(change).forEach(function (name) { state[name] = change[name]; });
      raise = raise || address.outside();
      refresh(keepLimits);
      if (writing) return;
      writing = true;
      window.setTimeout(function () {
        writing = false;
        // The theme's instant navigation may have left the page meanwhile: its address is not ours to write.
        if (!spec.input.isConnected || window.location.pathname !== home) return;
        address.write({ filter: state.filter.trim(), colours: state.colours, mv: state.mv, sort: state.sort,
                        view: state.view === "grid" ? "grid" : "" });
      }, 0);
    }

    spec.input.addEventListener("focus", function () { C.keyRows(allRows); }, { once: true });
    // Once per frame, just before it is drawn: keys typed while a frame is being made are read together.
    var typed = false;
    spec.input.addEventListener("input", function () {
      if (typed) return;
      typed = true;
      window.requestAnimationFrame(function () {
        typed = false;
        update({ filter: spec.input.value });
      });
    });
    controls.addEventListener("click", function (event) {
      var chip = event.target.closest("[data-colour]");
      var view = event.target.closest("[data-view]");
      if (chip) {
        var c = chip.getAttribute("data-colour");
        var chosen = state.colours.indexOf(c) >= 0 ? state.colours.replace(c, "") : state.colours + c;
        chip.setAttribute("aria-pressed", String(chosen.indexOf(c) >= 0));
        update({ colours: "WUBRG".split("").filter(function (x) { return chosen.indexOf(x) >= 0; }).join("") });
      } else if (view) {
        controls.querySelectorAll("[data-view]").forEach(function (b) { b.setAttribute("aria-pressed", String(b === view)); });
        update({ view: view.getAttribute("data-view") }, true);
      }
    });
    controls.querySelector("[data-mv]").addEventListener("change", function (event) { update({ mv: event.target.value }); });
    parts.forEach(function (each) {
      C.makeSortButtons(each.table, function (key) { update({ sort: state.sort === key ? "-" + key : key }, true); });
      each.more.addEventListener("click", function () {
        var first = each.limit;
        each.limit += PAGE;
        draw(state, each);
        // The keyboard goes on from the first new row (its card's link), not from this button below them.
        var row = (each.grid.hidden ? each.body.rows : each.grid.children)[first], link = row && row.querySelector("a");
        if (link) link.focus();
      });
    });
    refresh(false);
  };
})();
