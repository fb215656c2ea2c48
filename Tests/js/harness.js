// A tiny unit-test harness for the browser scripts, run in headless Chromium by
// Tests/e2e/test_js_units.py (or by opening run.html in any browser). `test(name, fn)` registers
// a test (fn may return a promise); `assert` throws on a failed check. When every test has run,
// window.jsResults holds [{name, ok, message}] and the page lists them.
(function () {
  "use strict";
  var tests = [];
  // JSON with every object's keys sorted, so deepEqual does not depend on key order.
  function sorted(v) {
    if (Array.isArray(v)) return v.map(sorted);
    if (!v || typeof v !== "object") return v;
    var o = {};
    Object.keys(v).sort().forEach(function (k) { if (v[k] !== undefined) o[k] = sorted(v[k]); });
    return o;
  }
  function show(v) { try { return JSON.stringify(sorted(v)); } catch (e) { return String(v); } }
  function AssertionFailed(message) { this.message = message; }
  AssertionFailed.prototype = Object.create(Error.prototype);
  function check(ok, message) { if (!ok) throw new AssertionFailed(message); }

  window.assert = {
    ok: function (v, what) { check(!!v, (what || "expected a true value") + ", got " + show(v)); },
    equal: function (actual, expected, what) {
      check(actual === expected, (what ? what + ": " : "") + "expected " + show(expected) + ", got " + show(actual));
    },
    deepEqual: function (actual, expected, what) {
      check(show(actual) === show(expected), (what ? what + ": " : "") + "expected " + show(expected) + ", got " + show(actual));
    },
    // fn must throw; the message must contain `part` (when given). Returns the error.
    throws: function (fn, part, what) {
      var error = null;
      try { fn(); } catch (e) { error = e; }
      check(error !== null, (what ? what + ": " : "") + "expected an error" + (part ? " containing " + show(part) : ""));
      if (part) check(String(error.message).indexOf(part) >= 0, (what ? what + ": " : "") + "expected an error containing " + show(part) + ", got " + show(error.message));
      return error;
    }
  };
  window.test = function (name, fn) { tests.push({ name: name, fn: fn }); };

  // A Storage-like object kept in memory, refusing writes past `quota` characters (keys and
  // values, as browsers count) with a QuotaExceededError, like localStorage when it is full.
  window.memoryStorage = function (quota) {
    var data = {}, order = [];
    function size() { return order.reduce(function (n, k) { return n + k.length + data[k].length; }, 0); }
    return {
      get length() { return order.length; },
      key: function (i) { return i < order.length ? order[i] : null; },
      getItem: function (k) { return Object.prototype.hasOwnProperty.call(data, k) ? data[k] : null; },
      setItem: function (k, v) {
        v = String(v);
        var had = Object.prototype.hasOwnProperty.call(data, k);
        if (quota !== undefined && size() - (had ? k.length + data[k].length : 0) + k.length + v.length > quota) {
          var e = new Error("quota"); e.name = "QuotaExceededError"; throw e;
        }
        if (!had) order.push(k);
        data[k] = v;
      },
      removeItem: function (k) {
        if (!Object.prototype.hasOwnProperty.call(data, k)) return;
        delete data[k]; order.splice(order.indexOf(k), 1);
      },
      clear: function () { data = {}; order = []; },
      dump: function () { var o = {}; order.slice().sort().forEach(function (k) { o[k] = data[k]; }); return o; }
    };
  };

  // Runs after every script of the page has loaded (the test files register on load).
  window.addEventListener("load", function () {
    var results = [], i = 0;
    function next() {
      if (i >= tests.length) return finish();
      var t = tests[i++], started = performance.now();
      function done(error) {
        results.push({ name: t.name, ok: !error, message: error ? String(error && error.stack || error) : "",
                       ms: Math.round(performance.now() - started) });
        next();
      }
      try {
        var r = t.fn();
        if (r && typeof r.then === "function") r.then(function () { done(null); }, done); else done(null);
      } catch (e) { done(e); }
    }
    function finish() {
      window.jsResults = results;
      var list = document.getElementById("results");
      results.forEach(function (r) {
        var li = document.createElement("li");
        li.textContent = (r.ok ? "ok  " : "FAIL ") + r.name + (r.ok ? "" : " — " + r.message);
        li.className = r.ok ? "ok" : "fail";
        list.appendChild(li);
      });
      document.title = results.filter(function (r) { return !r.ok; }).length ? "FAIL" : "ok";
    }
    next();
  });
})();
