<div {{ $attributes->merge(['class' => 'alert alert--'.$type]) }} role="{{ $role() }}">
    <p>{{ $message }}</p>
    {{ $slot }}
</div>
