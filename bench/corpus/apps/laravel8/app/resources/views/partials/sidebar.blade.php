<aside class="sidebar">
    <section>
        <h2>Popular tags</h2>
        <ul class="tag-cloud">
            @foreach ($popularTags as $tag)
                <li><span class="tag">{{ $tag['name'] }}</span> <small>{{ $tag['count'] }}</small></li>
            @endforeach
        </ul>
    </section>
    <section>
        <h2>Most posts</h2>
        <ol>
            @foreach ($topAuthors as $author)
                <li>{{ $author['name'] }} <small>({{ trans_choice('{1} :count post|[2,*] :count posts', $author['count']) }})</small></li>
            @endforeach
        </ol>
    </section>
</aside>
