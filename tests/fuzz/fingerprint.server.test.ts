import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { offices } from '../../server/db/schema'
import { describeEachDb } from '../../server/testing/harness'
import { changedTables, fingerprint, watchChanges } from './fingerprint'

describeEachDb('the fuzz suite’s change watch', ctx => {
  it('sees a row added, changed or removed, never a write rolled back or an update to the same values', async () => {
    await watchChanges(ctx.db, ['offices', 'users'])
    const at = new Date(ctx.clock.now())
    let before = await fingerprint(ctx.db)
    const step = async () => {
      const after = await fingerprint(ctx.db)
      const changed = changedTables(before, after)
      before = after
      return changed
    }
    const [office] = await ctx.db.insert(offices).values({ name: 'Офис', created_at: at }).returning({ id: offices.id })
    expect(await step()).toEqual(['offices'])
    await ctx.db.update(offices).set({ name: 'Офис' }).where(eq(offices.id, office!.id))
    expect(await step()).toEqual([])
    await ctx.db.update(offices).set({ name: 'Главный офис' }).where(eq(offices.id, office!.id))
    expect(await step()).toEqual(['offices'])
    await expect(
      ctx.db.transaction(async tx => {
        await tx.insert(offices).values({ name: 'Второй', created_at: at })
        await tx.execute(sql`select 1 / 0`)
      }),
    ).rejects.toThrow()
    expect(await step()).toEqual([])
    await ctx.db.delete(offices).where(eq(offices.id, office!.id))
    expect(await step()).toEqual(['offices'])
  })
})
