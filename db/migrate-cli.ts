import { getSql, closeAllSql } from './client'
import { migrate } from './migrate'

await migrate(getSql(), (line) => console.log(line))
console.log('database is up to date')
await closeAllSql()
