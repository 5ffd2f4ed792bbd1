// The config `chatbot serve` runs with in the benchmark. Everything that differs from the defaults
// comes from the environment run.mjs sets (provider URL, SQLite file, limits set high, no route
// middleware so the load process can POST without a session or CSRF token). The default plugins
// (channels, throttle, web, quota, tools, extractors, retention, sanitizer, admin) stay on.
export default {}
