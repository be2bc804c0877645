import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../styles.css'
import './page.css'
import { App } from './App.tsx'

const root = document.getElementById('root')
if (root === null) throw new Error('the page has no #root element')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
