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

  // Whether the address's #place is the tables' section heading or something after it.
  function withinTables(url, heading) {
    var target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
    return Boolean(target && (target === heading || heading.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING));
  }

  // input: the tables' filter box.
  function TableAddress(input) {
    this.heading = sectionHeading(input);
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
    if (!this.heading) return;
    var header = document.querySelector(".md-header");
    var below = header ? header.getBoundingClientRect().bottom : 0;
    window.scrollTo(0, window.scrollY + this.heading.getBoundingClientRect().top - below);
  };

  // A link opened with the tables' choices in its address lands on the tables it filters: a filter that
  // shortens a type's pool left the section above it in view, and the theme wrote "?filter=lackey#leaders",
  // which opened at the leaders, far above the pool. A reload or a step back keeps the reader's own place.
  TableAddress.prototype.land = function () {
    var opened = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    if (opened && opened.type !== "navigate") return;
    var self = this;
    if (!CHOICES.some(function (name) { return self.param(name); }) || !this.outside()) return;
    this.write({});
    this.raise();
  };

  C.TableAddress = TableAddress;
})();
