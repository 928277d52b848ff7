// Delivers verification codes. The default writes what would be sent to the sms/email record tables (platform
// admins read them there); with SMTP_URL set, emails are also sent through SMTP, and the record of a sent email keeps
// its code masked: it reached its owner, so nobody reading the records can sign in with it.
import type { Db } from '../db/client.ts'
import { emailRecord, smsRecord } from '../db/schema/index.ts'

export interface Delivery {
  sendSms(phone: string, content: string, purpose: string): Promise<void>
  /** `secret` (the code in `content`) is masked in the record once the email went out. */
  sendEmail(email: string, subject: string, content: string, purpose: string, secret?: string): Promise<void>
}

export function createDelivery(db: Db, smtp?: { url: string; from?: string }): Delivery {
  let transport: Promise<{ sendMail(m: object): Promise<unknown> }> | undefined
  const mailer = () => {
    transport ??= import('nodemailer').then((m) => m.default.createTransport(smtp!.url))
    return transport
  }
  return {
    async sendSms(phone, content, purpose) {
      await db.insert(smsRecord).values({ phone, content, purpose })
    },
    async sendEmail(email, subject, content, purpose, secret) {
      let status = 'recorded'
      let kept = content
      if (smtp) {
        await (await mailer()).sendMail({
          from: smtp.from ?? 'pms@localhost',
          to: email,
          subject,
          text: content,
        })
        status = 'sent'
        if (secret) kept = content.replaceAll(secret, '*'.repeat(secret.length))
      }
      await db.insert(emailRecord).values({ email, subject, content: kept, purpose, status })
    },
  }
}
