// A fresh process that knows nothing of StudyPulse's store: given a public key and receipts
// (files named on the command line), it prints the verifier's verdict on each as a JSON array.
import { readFileSync } from 'node:fs'
import { verifySignedReceipt } from '../../runtime/verifySignedReceipt.ts'

const [keyFile, ...receiptFiles] = process.argv.slice(2)
const publicKey = readFileSync(String(keyFile), 'utf8').trim()
const verdicts = []
for (const file of receiptFiles)
  verdicts.push(await verifySignedReceipt(JSON.parse(readFileSync(file, 'utf8')), { publicKey }))
process.stdout.write(JSON.stringify(verdicts))
