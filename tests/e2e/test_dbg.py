from tests.e2e.test_dominion_flow import *
import asyncio, json
async def test_dbg(world, start_bot):
    standin = world.standin
    bot = await start_bot()
    inter = await standin.slash(world.alice, world.channel, "game new", {"game": "dominion", "kingdom": "First Game"})
    await inter.response()
    lobby = await inter.wait_original()
    match_id = int(next(c for c in lobby.custom_ids() if c.startswith("bgb:lj:")).split(":")[2])
    for user, kind in ((world.bob, "lj"), (world.alice, "lb"), (world.alice, "ls")):
        click = await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        print(kind, json.dumps(await click.response())[:300])
    await asyncio.sleep(3)
    for m in standin.messages(world.channel):
        print("CH", m.content[:200], [e.get("title") for e in m.embeds], m.custom_ids())
    for u in (world.alice, world.bob):
        for m in standin.dm_messages(u):
            print("DM", u.name, m.custom_ids(), m.components[:1])
    print(standin.rejections, standin.violations)
