// The config `chatbot serve` runs with in the benchmark. Everything that differs from the defaults
// comes from the environment run.mjs sets (provider URL, SQLite file, limits set high, no route
// middleware so the load process can POST without a session or CSRF token). The default plugins
// (channels, throttle, web, quota, tools, extractors, retention, sanitizer, admin) stay on.
// The knowledge scenario adds a folder to answer from (CHATBOT_BENCH_KNOWLEDGE) and, for hybrid
// retrieval, the demo provider's embedding model (CHATBOT_BENCH_EMBEDDINGS).
const folder = process.env.CHATBOT_BENCH_KNOWLEDGE
const model = process.env.CHATBOT_BENCH_EMBEDDINGS
export default folder ? { knowledge: { sources: { docs: { type: 'files', path: folder } }, embeddings: model ? { model } : false } } : {}
