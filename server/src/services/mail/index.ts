/**
 * The mail outbox's public face (README.md here says how it works and how to add a kind): queue a mail
 * in your transaction with `enqueueMail`, withdraw a pending one with `cancelMail`; the process's
 * worker (`startMailWorker`, index.ts) sends it; tests call `sendDueMail` (or the harness's
 * `readOutbox`).
 */
export { cancelMail, enqueueMail, enqueueMails, MAIL_CHANNEL, type MailRequest } from './outbox'
export { renderMail } from './render'
export { type MailWorker, type MailWorkerOptions, startMailWorker } from './runner'
export { MAIL_TEMPLATES, type MailParams } from './templates'
export { type MailPassResult, pruneMailOutbox, sendDueMail } from './worker'
