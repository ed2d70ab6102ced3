from webdata.cli import app

app()
