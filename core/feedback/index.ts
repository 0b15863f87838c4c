export { $feedback, type FeedbackState, type FeedbackStatus } from './model'
export { feedbackCommands } from './commands'
export { feedbackProcess, FEEDBACK_CLOSE_AFTER, FEEDBACK_RESET_AFTER } from './process'
