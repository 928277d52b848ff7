// Reads system config values (sys_config) that change server behaviour at run time.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { config } from '../db/schema/index.ts'

export const CAPTCHA_ENABLED_KEY = 'sys.account.captchaEnabled'

export async function readConfig(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: config.configValue }).from(config).where(eq(config.configKey, key))
  return row?.value
}

export async function captchaEnabled(db: Db): Promise<boolean> {
  return (await readConfig(db, CAPTCHA_ENABLED_KEY)) !== 'false'
}
