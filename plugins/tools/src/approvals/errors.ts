import { ChatbotException } from '@chatbot-kit/kernel'

/** 404: the conversation has no approval with that id. */
export class ChatbotApprovalNotFoundException extends ChatbotException {
  constructor() {
    super('This conversation has no tool approval with that id.', { code: 'approval_not_found', status: 404 })
  }
}

/** 409: the approval was decided already (one decision only, whoever made it). */
export class ChatbotApprovalDecidedException extends ChatbotException {
  constructor() {
    super('These tool calls were decided already.', { code: 'approval_decided', status: 409 })
  }
}

/** 410: older than `tools.approvalTtl`; the calls will not run. Send the message again. */
export class ChatbotApprovalExpiredException extends ChatbotException {
  constructor() {
    super('This tool approval expired; the calls will not run. Send the message again.', { code: 'approval_expired', status: 410 })
  }
}
