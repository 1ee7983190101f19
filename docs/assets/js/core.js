/* What every other script of the site builds on: one ordered list of things to do on each page, run again
   after every instant navigation; the scripts a page needs, loaded when instant navigation brings the page in;
   and the unpacking of deferred tables.

   Scripts: a page loads only the scripts its front matter asks for (`scripts:`, resolved by mkdocs.yml's
   `extra.scripts` and written by overrides/main.html at the end of the page, every one deferred, and named in
   its <head>). The theme's instant navigation swaps pages without loading their scripts: it only replaces the
   content and copies the new page's <head>. So before the steps run on such a page, the scripts its <head>
   names that have not run yet are loaded here, in their order. A script loaded later registers its steps
   later: the every-page scripts come first in mkdocs.yml's order, so a page's own steps still run after theirs.

   Deferred tables: a type's leaders can be hundreds of rows. Shipped as plain HTML, such rows were parsed
   three times per page at build time (Markdown, the search indexer, the theme) and dominated the nightly
   build, so they travel as an HTML comment inside <div class="deferred-table">, which every parser skips in
   one step, and become real tables here, before anything else looks at the page. That also keeps them out
   of search. (Not a <script>: the theme's instant navigation re-runs inline scripts as JavaScript.)

   The theme after the page (front matter `late_theme: true`, the unaffiliated pool): the theme's bundle is a
   parser-blocking script that mounts on DOMContentLoaded, so on a normal page its start-up (about 2 s of a
   4x-slowed phone's CPU today) comes before anything of ours. On such a page overrides/main.html writes the
   bundle as a preload instead, and it is run here once the page's widgets are drawn (C.holdTheme), then handed
   the DOMContentLoaded it waits for. Every DOMContentLoaded listener of ours listens once. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var steps = [];
  var prepares = [];
  var scripts = {};   // absolute URL -> a promise, settled once that script has run (or failed to load)

  // The site's root, from the theme's configuration: its base is relative to the page first loaded, and
  // stays in place while instant navigation changes the address, so it is read once, here.
  var root = (function () {
    var config = document.getElementById("__config");
    var base = config ? JSON.parse(config.textContent).base : ".";
    return new URL(base.replace(/\/?$/, "/"), window.location.href).href;
  })();
  C.siteRoot = function () { return root; };

  // The page's own scripts, in their order: those its <meta name="coalition-scripts"> names (overrides/main.html).
  function pageScripts() {
    var meta = document.querySelector('meta[name="coalition-scripts"]');
    return (meta ? meta.getAttribute("content") : "").split(" ").filter(Boolean).map(function (name) {
      return root + "assets/js/" + name + ".js";
    });
  }

  // Runs the script at `url` unless it ran already; resolves once it has. Scripts added together run in
  // the order added (async off), as deferred ones would.
  C.loadScript = function (url) {
    var src = new URL(url, window.location.href).href;
    if (!scripts[src]) {
      scripts[src] = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = src;
        script.async = false;
        script.onload = resolve;
        script.onerror = function () {
          delete scripts[src];
          reject(new Error("could not load " + src));
        };
        document.head.appendChild(script);
      });
    }
    return scripts[src];
  };

  C.unpackTables = function (root) {
    var holders = (root || document).querySelectorAll("div.deferred-table");
    for (var i = 0; i < holders.length; i++) {
      var node = holders[i].firstChild;
      while (node && node.nodeType !== Node.COMMENT_NODE) node = node.nextSibling;
      if (node) holders[i].insertAdjacentHTML("beforebegin", node.data);
      holders[i].remove();
    }
  };

  // 10588 -> "10,588", as the build writes counts. Not toLocaleString: its first call starts the browser's
  // locale machinery, which cost a slow phone 150 ms before the first table could show.
  C.thousands = function (number) {
    return String(number).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  };

  function run(step) {
    try {
      step();
    } catch (error) {
      // One broken step must not leave the others undone.
      if (window.console) window.console.error(error);
    }
  }

  // The prepare steps first: cardtable.js takes the pool tables it draws out of their comments itself.
  function runSteps() {
    prepares.forEach(run);
    C.unpackTables(document);
    steps.forEach(run);
  }

  // On a page instant navigation brought in, its scripts that have not run yet are loaded first.
  function runAll() {
    var missing = pageScripts().filter(function (src) { return !scripts[src]; });
    if (!missing.length) return runSteps();
    Promise.all(missing.map(C.loadScript)).then(runSteps, function (error) {
      if (window.console) window.console.error(error);
      runSteps();
    });
  }

  // Register `callback` to run on this page and on every page instant navigation brings in, in the order
  // the scripts registered (mana.js, tables.js, …, as listed in mkdocs.yml's extra.scripts).
  C.onPage = function (callback) {
    steps.push(callback);
  };

  // Register `callback` to run before every onPage step and before the deferred tables are unpacked: for
  // scripts that take rows out of the page (cardtable.js) before anything lays it out or draws symbols in it.
  C.onPrepare = function (callback) {
    prepares.push(callback);
  };

  // A rule typed as its number is printed (rules/#12.5e, #3.8.) goes to the rule's anchor (#12-5e: the
  // build's rule_anchor, generator/slugs.py), as a link of the site's would: a reader types no hyphen.
  function dottedRule() {
    var typed;
    try { typed = decodeURIComponent(window.location.hash.slice(1)); } catch (error) { return; }
    if (!/^\d+(?:\.[0-9a-z-]+)+\.?$/i.test(typed) || document.getElementById(typed)) return;
    var anchor = typed.replace(/\.$/, "").replace(/\./g, "-").toLowerCase();
    // Scrolls to the rule, with no history entry of its own. (Its :target highlight may not last: once the
    // theme keeps the scroll in the history entry, Chromium reads the target again from the address the page
    // was opened at, which names no element.)
    var rule = document.getElementById(anchor);
    if (!rule) return;
    window.location.replace("#" + anchor);
    keepInView(rule);
  }

  // Once the theme keeps the scroll in the history entry, it may put the page back where the address it was
  // opened at pointed (no element: the top), after the rule was scrolled to: now and then a page opened at a
  // rule typed as printed stayed at its top (a browser test, twice in CI). Until the reader scrolls, taps or
  // types, the rule is brought back into view once the page has loaded, and a second and three seconds later.
  function keepInView(rule) {
    var moved = false;
    ["wheel", "touchstart", "keydown"].forEach(function (name) {
      window.addEventListener(name, function () { moved = true; }, { once: true, passive: true });
    });
    function check() {
      if (moved || window.location.hash !== "#" + rule.id || !rule.isConnected) return;
      var top = rule.getBoundingClientRect().top;
      if (top < 0 || top >= window.innerHeight) rule.scrollIntoView();
    }
    function later() { check(); window.setTimeout(check, 1000); window.setTimeout(check, 3000); }
    if (document.readyState === "complete") later();
    else window.addEventListener("load", later, { once: true });
  }
  C.onPage(dottedRule);
  window.addEventListener("hashchange", dottedRule);

  // A jump to a place below tables (the skip link to a type page's pool, an address naming a group) lands,
  // then the rows laid out only once near the screen (content-visibility, cards.css) take their real height
  // and moved the place 18-30 px on a phone two frames later: scroll anchoring did not hold it, the row it
  // anchors to being one of those that resize. Each such change above it is made up for before it is painted
  // (a ResizeObserver runs after layout, before paint), until the reader scrolls, taps or types, or 2 s pass.
  // After a link followed in the page (`followed`), the place held is where the jump meant it to be (its scroll
  // margin, the theme's clearance under the header): rows can resize between the jump and this handler, which
  // then found the heading 185 px above the screen on a fresh load (review of 2026-11-28, a tap 0.3 s after
  // load). Otherwise (Back to an address with #) it is where the browser put it.
  C.holdStill = function (target, followed) {
    if (!target || !window.ResizeObserver) return;
    var margin = parseFloat(window.getComputedStyle(target).scrollMarginTop) || 0;
    var padding = parseFloat(window.getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    var top = followed ? margin + padding : target.getBoundingClientRect().top;
    var held = true;
    function hold() {
      var drift = target.getBoundingClientRect().top - top;
      if (held && Math.abs(drift) >= 0.5) window.scrollBy(0, drift);
    }
    var observer = new ResizeObserver(hold);
    hold();
    var moves = ["wheel", "touchstart", "keydown"];
    function release() {
      held = false;
      observer.disconnect();
      moves.forEach(function (name) { window.removeEventListener(name, release); });
    }
    moves.forEach(function (name) { window.addEventListener(name, release, { passive: true }); });
    Array.prototype.forEach.call(document.querySelectorAll(".md-typeset table, .md-typeset .paged"), function (box) {
      observer.observe(box);
    });
    window.setTimeout(release, 2000);
  };
  var followedHash = null;   // the # of the link in this page just followed (a tap, a click, Enter)
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href*='#']");
    followedHash = link && link.pathname === window.location.pathname ? link.hash : null;
  }, true);
  window.addEventListener("hashchange", function () {
    var id = window.location.hash.slice(1), followed = window.location.hash === followedHash;
    followedHash = null;
    try { id = decodeURIComponent(id); } catch (error) { return; }
    C.holdStill(id && document.getElementById(id), followed);
  });

  // Start the widget whose box has this id, once per page: instant navigation may run the steps again on
  // a page whose widget is already live.
  C.onBox = function (id, startWidget) {
    C.onPage(function () {
      var box = document.getElementById(id);
      if (box && !box.hasAttribute("data-ready")) {
        box.setAttribute("data-ready", "");
        startWidget(box);
      }
    });
  };

  // What the theme waits for on a page whose theme comes after it: a widget's promise, settled once it has
  // drawn (a failure counts too). Asked for by the widgets' steps, which run before the theme is loaded.
  var holds = [];
  C.holdTheme = function (promise) {
    holds.push(promise.then(null, function () {}));
  };

  // The theme's scripts (<link rel=preload data-coalition-theme>, in their order) run once the widgets have
  // drawn and the page is idle, then the theme gets its DOMContentLoaded. Its first document$ is this page,
  // whose steps ran already; instant navigation's pages after it run them as on any page.
  function lateTheme(links) {
    C.themeWaiting = true;   // until the theme has its DOMContentLoaded (the browser tests' settle() asks)
    // A widget that never says it has drawn (an error in it) keeps the theme back 10 s at most.
    var capped = new Promise(function (resolve) { window.setTimeout(resolve, 10000); });
    Promise.race([Promise.all(holds), capped]).then(idle).then(function () {
      var loaded = Promise.all(links.map(function (link) { return C.loadScript(link.href); }));
      // The theme makes every address in the page absolute as it starts, which would ask again for each
      // preloaded file already used (1 MB of pool): their links have done their work.
      Array.prototype.forEach.call(document.querySelectorAll('link[rel="preload"]'), function (link) { link.remove(); });
      return loaded;
    }).then(idle).then(function () {
      document.dispatchEvent(new Event("DOMContentLoaded"));
      C.themeWaiting = false;
      var first = true;
      window.document$.subscribe(function () {
        if (first) first = false;
        else runAll();
      });
    }, function (error) {
      if (window.console) window.console.error(error);
    });
  }

  // `work` in a task of its own when the page has nothing else to do (a key typed meanwhile is answered
  // first), within `limit` ms however busy it is; a browser without idle callbacks runs it in a task.
  // C.cancelIdle(C.whenIdle(...)) takes it back.
  C.whenIdle = function (work, limit) {
    if (window.requestIdleCallback) return { idle: window.requestIdleCallback(function () { work(); }, { timeout: limit }) };
    return { task: window.setTimeout(function () { work(); }, 0) };
  };
  C.cancelIdle = function (handle) {
    if (handle && handle.idle !== undefined) window.cancelIdleCallback(handle.idle);
    else if (handle) window.clearTimeout(handle.task);
  };

  function idle() {
    return new Promise(function (resolve) { C.whenIdle(resolve, 500); });
  }

  // The service worker (docs/sw.js) keeps the table pages and the pages visited for use without a network.
  // Once this page has loaded (after the page's own requests): a page loaded before the worker controlled it
  // (the first visit) tells it what it loaded, so that it is kept too, and the worker answers with what it
  // keeps, written on <html data-offline>. The worker and the list it imports are asked of the server past the
  // HTTP cache, so that a new build's worker is seen at once. No worker (a file: address, storage refused):
  // nothing is kept, and the site works online as before.
  function keepOffline() {
    var workers = navigator.serviceWorker;
    if (!workers || !/^https?:$/.test(window.location.protocol)) return;
    workers.addEventListener("message", function (event) {
      if (event.data && event.data.offline) document.documentElement.setAttribute("data-offline", event.data.offline);
    });
    // Read now: by the time the worker is ready it may have claimed this page, which it did not see load.
    var controlled = Boolean(workers.controller);
    var registered = workers.register(root + "sw.js", { scope: root, updateViaCache: "none" });
    registered.then(function () { return workers.ready; }).then(function (registration) {
      var tell = unseenTeller(registration.active);
      tell(controlled ? [] : performance.getEntriesByType("resource"), true);
      if (!controlled && window.PerformanceObserver) {
        new PerformanceObserver(function (list) { tell(list.getEntries(), false); }).observe({ type: "resource" });
      }
    }).then(null, function (error) {
      if (window.console) window.console.warn("not kept offline: " + error);
    });
  }

  // Tells the worker about the site's files this page loaded that it did not see, each once. On a first visit
  // a file still on its way when the worker took over (the lookup's 5 MB card index) ends after the first
  // list was read, and the worker never saw it: it is told when it ends (`workerStart` is 0 for a request
  // that did not pass through a worker). Other sites' files (card images) are not the worker's to keep.
  // `always`: send even an empty list (the first message names the page).
  function unseenTeller(worker) {
    var told = {};
    return function (entries, always) {
      var loaded = entries.filter(function (entry) {
        return !entry.workerStart && !told[entry.name] && entry.name.indexOf(root) === 0;
      }).map(function (entry) {
        told[entry.name] = true;
        return entry.name;
      });
      if (always || loaded.length) worker.postMessage({ visited: window.location.href, loaded: loaded });
    };
  }
  if (document.readyState === "complete") keepOffline();
  else window.addEventListener("load", keepOffline, { once: true });

  function start() {
    // Every deferred script of the first page has run by now (DOMContentLoaded waits for them).
    Array.prototype.forEach.call(document.querySelectorAll("script[src]"), function (script) {
      scripts[script.src] = Promise.resolve();
    });
    // Material's instant navigation swaps pages without reloading: document$ emits for each new page.
    if (window.document$ && window.document$.subscribe) return window.document$.subscribe(runAll);
    runAll();
    var theme = document.querySelectorAll("link[data-coalition-theme]");
    if (theme.length) lateTheme(Array.prototype.slice.call(theme));
  }

  // Every extra script is loaded by then, so all steps are registered before the first run. Deferred scripts
  // run once the page is parsed, when readyState says "interactive" already: whether DOMContentLoaded is
  // still to come is read from the navigation's timing. Once: a late theme's DOMContentLoaded comes again.
  var navigation = window.performance && performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  if (document.readyState === "loading" || (navigation && !navigation.domContentLoadedEventStart)) {
    document.addEventListener("DOMContentLoaded", start, { once: true });
  } else {
    window.setTimeout(start, 0);
  }
})();
