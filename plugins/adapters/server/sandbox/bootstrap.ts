/**
 * Evaluated in every script's context before the script itself. It takes the host's one function (`host`, a bridge
 * that receives a helper's name and its arguments as JSON) and the context's own JSON functions before the script can
 * replace them, defines `console`, the helpers and `transformRange` as globals, and answers the invoker the host calls
 * decode and encode through. The invoker is never a global: a script cannot reach it or the bridge but through the
 * helpers, and every value crosses as a JSON string, never as a shared object.
 */
export const BOOTSTRAP = `(function (host, stringify, parse, freeze, define) {
  function text(value) {
    if (typeof value === 'string') return value;
    try { var json = stringify(value); return json === undefined ? String(value) : json; } catch (e) { return String(value); }
  }
  function call(name, args) { return host(name, stringify(args)); }
  var log = function () {
    var parts = [];
    for (var i = 0; i < arguments.length; i++) parts.push(text(arguments[i]));
    call('log', [parts.join(' ')]);
  };
  define(globalThis, 'console', { value: freeze({ log: log, info: log, warn: log, error: log }), writable: false, configurable: false });
  define(globalThis, 'sendEmail', { value: function sendEmail(to, subject, body) { call('sendEmail', [to, subject, body]); }, writable: false, configurable: false });
  define(globalThis, 'sendSms', { value: function sendSms(to, body) { call('sendSms', [to, body]); }, writable: false, configurable: false });
  define(globalThis, 'createEvent', { value: function createEvent(description, severity) { call('createEvent', [description, severity === undefined ? 3 : severity]); }, writable: false, configurable: false });
  define(globalThis, 'transformRange', { value: function transformRange(value, from, to) {
    if (typeof value !== 'number' || !from || !to || from[1] === from[0]) throw new TypeError('transformRange(value, [fromMin, fromMax], [toMin, toMax]) needs numbers and a non-empty range');
    var ratio = (value - from[0]) / (from[1] - from[0]);
    return to[0] + ratio * (to[1] - to[0]);
  }, writable: false, configurable: false });
  return function invoke(name, inputJson) {
    var fn = globalThis[name];
    if (typeof fn !== 'function') throw new ReferenceError(name + ' is not defined: declare function ' + name + '(input)');
    var result = fn(parse(inputJson));
    if (result !== null && typeof result === 'object' && typeof result.then === 'function') {
      throw new TypeError(name + ' must return its result, not a promise');
    }
    var json = stringify(result === undefined ? null : result);
    return json === undefined ? 'null' : json;
  };
})`;
