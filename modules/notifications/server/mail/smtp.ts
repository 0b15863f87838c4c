import nodemailer from 'nodemailer'
import type { SmtpConfig } from '../../../../server/config'
import type { MailProvider } from './provider'

/** Sends through an SMTP server (SMTP_URL or SMTP_HOST/PORT/SECURE/USER/PASS; from SMTP_FROM). */
export function createSmtpMail(smtp: SmtpConfig, from: string): MailProvider {
  const transport =
    'url' in smtp
      ? nodemailer.createTransport(smtp.url)
      : nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
        })
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      })
    },
    async close() {
      transport.close()
    },
  }
}
