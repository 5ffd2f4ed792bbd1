// The config `chatbot serve` runs with in the fault suite. The provider, database, counter store
// and limits come from the environment chaos/stack.mjs sets; `support` lets the fuzzer send
// client extractors, which only a channel that allows them accepts.
export default {
  channels: {
    default: {},
    support: { allowedExtractors: ['page'] },
  },
}
