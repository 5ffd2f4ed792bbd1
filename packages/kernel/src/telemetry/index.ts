export { startTurnSpan, type TurnSpan } from './turn-span.js'
export { startToolSpan, type ToolSpan } from './tool-span.js'
