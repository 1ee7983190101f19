/* The address of a page's card tables (cardtable.js). Every choice lives in the URL
   (?filter=&colours=RG&mv=3&sort=-mv&view=grid), so a view can be shared and survives a reload; and once a
   choice is made, its #place names the tables' section, so the address says what the page shows. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var CHOICES = ["filter", "colours", "mv", "sort", "view"];

  // The section heading above the filter box (a type page's pool), or null when it is the page's title.
  function sectionHeading(input) {
    for (var node = input; node && node !== document.body; node = node.parentElement) {
      for (var before = node.previousElementSibling; before; before = before.previousElementSibling) {
        if (/^H[1-6]$/.test(before.tagName)) return before.tagName === "H1" || !before.id ? null : before;
      }
    }
    return null;
  }

  // The element the address's #place names, or null.
  function placeOf(url) {
    return url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  }

  // Where the theme's header ends on the screen, in CSS pixels.
  function headerBottom() {
    var header = document.querySelector(".md-header");
    return header ? header.getBoundingClientRect().bottom : 0;
  }

  // Where `element` stands clear of what sticks to the top of the screen once it is there: the theme's header,
  // and below the tables' filter box (`box`, sticky: coalition.css .table-filter) the box too, choices and
  // count: 188 px on a phone. A group's heading raised under the header alone stood hidden under the box.
  function clearTop(element, box) {
    var top = headerBottom();
    if (!box || box.contains(element) || !(box.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING)) return top;
    var style = window.getComputedStyle(box);
    return style.position === "sticky" ? Math.max(top, parseFloat(style.top) + box.getBoundingClientRect().height) : top;
  }

  // `element` to the top of the screen, clear of the header and the filter box (clearTop), and kept there while
  // the page's height changes (for 3 s, until the reader scrolls, taps or types): what the browser lays out only
  // near the screen (content-visibility: a phone's folded leaders above a type's pool) takes its real height
  // later, and left the pool's heading 185 px above the screen.
  function raiseTo(element, box) {
    function place() {
      window.scrollTo(0, window.scrollY + element.getBoundingClientRect().top - clearTop(element, box));
    }
    place();
    if (!window.ResizeObserver) return;
    // The reader's own moves end it (not scrollY: the browser's scroll anchoring moves that too).
    var READER = ["wheel", "touchstart", "pointerdown", "keydown"];
    var watcher = new ResizeObserver(place);
    function stop() {
      watcher.disconnect();
      READER.forEach(function (type) { window.removeEventListener(type, stop, true); });
    }
    watcher.observe(document.body);
    READER.forEach(function (type) { window.addEventListener(type, stop, true); });
    window.setTimeout(stop, 3000);
  }

  // Whether the address's #place is the tables' section heading or something after it.
  function withinTables(url, heading) {
    var target = placeOf(url);
    return Boolean(target && (target === heading || heading.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING));
  }

  // input: the tables' filter box.
  function TableAddress(input) {
    this.heading = sectionHeading(input);
    this.box = input.parentNode;   // the box with its count (.table-filter)
  }

  TableAddress.prototype.param = function (name) {
    return new URL(window.location.href).searchParams.get(name) || "";
  };

  // Whether the address names no place of the tables (the leaders above them, or nothing).
  TableAddress.prototype.outside = function () {
    return this.heading !== null && !withinTables(new URL(window.location.href), this.heading);
  };

  // The choices into the address, and with them the tables' section unless the address already names it or a
  // place within it: "?filter=lackey#leaders", left by a link followed before filtering, said the page showed
  // the leaders, not the pool it filters.
  TableAddress.prototype.write = function (values) {
    var url = new URL(window.location.href);
    Object.keys(values).forEach(function (name) {
      if (values[name]) url.searchParams.set(name, values[name]);
      else url.searchParams.delete(name);
    });
    if (this.heading && !withinTables(url, this.heading)) url.hash = this.heading.id;
    // Not location.replace: the theme's instant navigation reads its popstate as a new page and redraws it.
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  };

  // The tables' section heading to the top of the screen, under the theme's header. The theme writes the
  // section at the top into the address as the page scrolls (navigation.tracking, mkdocs.yml): with the
  // tables there, it says what write() said.
  TableAddress.prototype.raise = function () {
    if (this.heading) raiseTo(this.heading, this.box);
  };

  // A link opened with the tables' choices in its address lands on the tables it filters: a filter that
  // shortens a type's pool left the section above it in view, and the theme wrote "?filter=lackey#leaders",
  // which opened at the leaders, far above the pool. A link to a place the tables drew (a pool's group
  // heading: "#land") lands there: it was not in the page when the browser looked for it. A reload or a step
  // back keeps the reader's own place, and so does a reader who has scrolled already. A group the choices
  // emptied is hidden with its heading (cardgroups.js), a place that is nowhere: such a link lands where typing
  // the filter by hand shows, the filter box with its count over `first`, the heading of the first group the
  // choices leave cards in (null: none, the box alone). Landing on the sticky box itself left the page
  // wherever it was, the matches scrolled past ("?filter=dragon#land").
  TableAddress.prototype.land = function (first) {
    var opened = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    if (opened && opened.type !== "navigate") return;
    var self = this;
    var chosen = CHOICES.some(function (name) { return self.param(name); });
    if (chosen && this.outside()) {
      this.write({});
      this.raise();
      return;
    }
    var place = placeOf(new URL(window.location.href));
    if (!place) return;
    if (chosen && !place.getClientRects().length) return raiseTo(first || this.box, this.box);
    // Not reached yet (the page at its top), or where the browser's own jump to it left it: at the top of the
    // screen but under the sticky box (a type page's groups are in its HTML).
    var top = place.getBoundingClientRect().top, clear = clearTop(place, this.box);
    if (window.scrollY === 0 ? top > clear + 1 : top > -1 && top < clear - 1) raiseTo(place, this.box);
  };

  C.TableAddress = TableAddress;
})();
