/* Loaded in <head>, before the theme's bundle: two of the theme's requests wait until they are needed. The
   theme still sends them itself: only their start is held back.

   - search/search_index.json (over a megabyte at full scale) waits until someone uses search: focuses the
     box, opens it, or arrives from a search result to be highlighted.
   - sitemap.xml (one entry per page: a megabyte at full scale) tells the theme's instant navigation which
     links it may take over. Parsing it cost a slow phone seconds on every page load, before anything else
     could answer (issue 14), so it waits until the reader points at or focuses a link to another page of
     the site; a link followed before the sitemap is in simply loads its page the ordinary way. The theme
     also asks for the sitemap beside every rel=alternate link (it takes them for language versions; here
     the only one is the feed, whose sitemap is the same file): a sitemap already asked for is not asked
     for again.

   And one event does not reach the theme: the popstate the browser fires when it follows a link to a place on
   the same page (header.js leaves those to the browser and names the address in C.followedHere). The theme
   answered it by loading the page again over itself, which took the keyboard's place on it away. Listeners
   of the window run in the order they were added, so this one, added before the theme's bundle, comes first. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;
  var kinds = {
    search: { pattern: /\/search\/search_index\.json(?:[?#]|$)/, wanted: false, held: [] },
    sitemap: { pattern: /\/sitemap\.xml(?:[?#]|$)/, wanted: false, held: [], asked: {} }
  };

  function want(kind) {
    if (kind.wanted) return;
    kind.wanted = true;
    kind.held.splice(0).forEach(function (release) { release(); });
  }

  C.wantSearch = function () { want(kinds.search); };
  C.wantSitemap = function () { want(kinds.sitemap); };

  XMLHttpRequest.prototype.open = function (method, url) {
    this.coalitionUrl = new URL(String(url), window.location.href).href;
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    var request = this;
    var args = arguments;
    var kind = Object.keys(kinds).map(function (name) { return kinds[name]; }).filter(function (k) {
      return k.pattern.test(request.coalitionUrl || "");
    })[0];
    if (!kind) return send.apply(request, args);
    if (kind.asked) {
      if (kind.asked[request.coalitionUrl]) return undefined;
      kind.asked[request.coalitionUrl] = true;
    }
    if (kind.wanted) return send.apply(request, args);
    kind.held.push(function () { send.apply(request, args); });
    return undefined;
  };

  function inSearch(target) {
    return target && target.closest && target.closest(".md-search, [data-md-toggle=search]");
  }

  // A link the theme's instant navigation could take: one to this site.
  function siteLink(target) {
    var link = target && target.closest && target.closest("a[href]");
    return link && link.href.indexOf(window.location.origin + "/") === 0;
  }

  document.addEventListener("focusin", function (event) {
    if (inSearch(event.target)) C.wantSearch();
    if (siteLink(event.target)) C.wantSitemap();
  }, true);
  document.addEventListener("pointerover", function (event) { if (siteLink(event.target)) C.wantSitemap(); },
                            { capture: true, passive: true });
  document.addEventListener("change", function (event) {
    if (event.target && event.target.id === "__search" && event.target.checked) C.wantSearch();
  }, true);
  // A page opened from a search result highlights the words (?h=...): that needs the index.
  if (/[?&]h=/.test(window.location.search)) C.wantSearch();

  window.addEventListener("popstate", function (event) {
    if (!C.followedHere || C.followedHere !== window.location.href) return;
    C.followedHere = null;
    event.stopImmediatePropagation();
  });
})();
