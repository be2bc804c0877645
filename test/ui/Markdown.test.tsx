// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Markdown } from '../../ui/components/Markdown.tsx'
import { safeLinkUrl } from '../../ui/core/safeLinkUrl.ts'
import { findActiveContent, hostileMarkdown } from '../fixtures/hostileMarkdown.ts'

afterEach(cleanup)

describe('Markdown: answers, notes and sources read as formatted text', () => {
  it('renders lists, emphasis, code, headings one level below the pane, and tables', () => {
    const { container } = render(
      <Markdown
        text={[
          '# Week plan',
          '- read **chapter 3**',
          '- quiz on `ATP`',
          '',
          '| day | task |',
          '| --- | --- |',
          '| Mon | read |',
          '',
          '```',
          'let x = 1',
          '```',
        ].join('\n')}
      />,
    )
    expect(container.querySelector('h3')?.textContent).toBe('Week plan')
    expect(container.querySelector('h1')).toBeNull()
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'read chapter 3',
      'quiz on ATP',
    ])
    expect(container.querySelector('strong')?.textContent).toBe('chapter 3')
    expect(container.querySelector('td')?.textContent).toBe('Mon')
    // Scrollable blocks can be reached by keyboard.
    expect(container.querySelector('pre')?.getAttribute('tabindex')).toBe('0')
    expect(container.querySelector('.sp-md__table')?.getAttribute('tabindex')).toBe('0')
    expect(container.textContent).not.toContain('- read')
  })

  it("GitHub's task lists, strikethrough, numbered starts and footnotes, with no React warning", () => {
    const errors = vi.spyOn(console, 'error')
    const { container } = render(
      <Markdown
        text={[
          '- [x] read chapter 3',
          '- [ ] ~~quiz~~ flashcards',
          '',
          '3. third',
          '4. fourth',
          '',
          'as the lecture says[^1]',
          '',
          '[^1]: Lecture 2, slide 4.',
        ].join('\n')}
      />,
    )
    expect(
      [...container.querySelectorAll('.sp-md__check')].map((c) => c.getAttribute('aria-label')),
    ).toEqual(['done', 'not done'])
    expect(container.querySelector('input')).toBeNull()
    expect(container.querySelector('del')?.textContent).toBe('quiz')
    expect(container.querySelector('ol')?.getAttribute('start')).toBe('3')
    expect(container.querySelector('p sup')?.textContent).toBe('[1]')
    expect(container.querySelector('.sp-md__footnote')?.textContent).toBe('[1] Lecture 2, slide 4.')
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })

  it('a safe link opens in a new tab without a referrer, and says so', () => {
    const { container } = render(<Markdown text="[notes](https://example.com/n)" />)
    const link = container.querySelector('a') as HTMLAnchorElement
    expect(link.getAttribute('href')).toBe('https://example.com/n')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow')
    expect(link.textContent).toBe('notes (opens in a new tab)')
  })

  it('a hostile answer renders inert: no handler, script, frame, image, style or unsafe link', () => {
    const { container } = render(
      <div className="hostile">
        <Markdown text={hostileMarkdown} />
      </div>,
    )
    expect(findActiveContent('.hostile')).toEqual([])
    // The raw HTML is shown as the text it is, so nothing is hidden from the reader either.
    expect(container.textContent).toContain('<script>window.__pwned = 2</script>')
    expect(container.textContent).toContain('<img src=x onerror="window.__pwned = 1">')
    // The words of a blocked link stay; only the link goes.
    for (const words of ['plain js', 'mixed case', 'entity', 'tab', 'vb', 'file', 'ref link'])
      expect(container.textContent).toContain(words)
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))
    expect(hrefs).toEqual([
      'https://evil.example/pixel.png?leak=secret',
      'https://example.com/reading',
    ])
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
  })

  it('(control) the inertness check finds what an HTML renderer would let through', () => {
    const probe = document.createElement('div')
    probe.className = 'control'
    probe.innerHTML =
      '<img src="x"><a href="javascript:void 0">x</a><b onclick="1">y</b><p style="color:red">z</p>'
    document.body.append(probe)
    expect(findActiveContent('.control')).toEqual([
      '<img>',
      'img[src=x]',
      'a[href=javascript:void 0]',
      'b[onclick]',
      'p[style]',
    ])
    probe.remove()
  })
})

describe('safeLinkUrl', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['http://example.com', 'http://example.com/'],
    ['mailto:me@example.com', 'mailto:me@example.com'],
    ['#user-content-fn-1', '#user-content-fn-1'],
    ['javascript:alert(1)', ''],
    [' JAVASCRIPT:alert(1)', ''],
    ['java\tscript:alert(1)', ''],
    ['data:text/html,<b>x</b>', ''],
    ['vbscript:msgbox(1)', ''],
    ['file:///etc/passwd', ''],
    ['/api/runs', ''],
    ['lecture-1.md', ''],
  ])('%j → %j', (url, safe) => {
    expect(safeLinkUrl(url)).toBe(safe)
  })
})
